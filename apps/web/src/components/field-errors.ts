/** A form's refusals beside its fields, from the shared schema's issues. */

/** The first issue of each field that `labels` names, as "<label> <message>": "Email is not valid". */
export function fieldErrors<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  labels: Readonly<Record<F, string>>,
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0]);
    if (field in labels) found[field as F] ??= `${labels[field as F]} ${issue.message}`;
  }
  return found;
}
