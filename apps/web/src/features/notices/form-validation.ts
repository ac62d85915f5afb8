/** Turns a contract schema's issues into form errors that name the field ("Heading is required"). */
interface SchemaLike {
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** `problemOf` writes a field's problem in the person's language ("Heading is required" by default). */
export function validateWith<Values extends object>(
  schema: SchemaLike,
  labels: Record<keyof Values, string>,
  problemOf: (label: string, problem: string) => string = (label, problem) => `${label} ${problem}`,
) {
  return (values: Values): Partial<Record<keyof Values, string>> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Partial<Record<keyof Values, string>> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof Values | undefined;
      if (field !== undefined && field in labels && errors[field] === undefined) {
        errors[field] = problemOf(labels[field], issue.message);
      }
    }
    return errors;
  };
}
