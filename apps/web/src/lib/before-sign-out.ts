/**
 * Work that goes before a sign-out while the session still stands (marks made offline, sent first).
 * A module registers its work when it loads: a sign-out waits for nothing that was never used.
 */
type Task = () => Promise<unknown>;

const tasks = new Set<Task>();

export function beforeSignOut(task: Task): void {
  tasks.add(task);
}

/** Runs the registered work, each failure ignored: signing out never fails for it. */
export async function runBeforeSignOut(): Promise<void> {
  await Promise.all([...tasks].map((task) => task().catch(() => undefined)));
}
