export async function serve(_: unknown): Promise<void> {}
