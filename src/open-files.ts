/**
 * One bound on the files the build holds open at once. Reads and writes over long lists (content
 * folders, public/, thousands of pages and redirect pages) start together; each opens a file, and
 * past the system's limit (256 on macOS, 1,024 on many Linux set-ups) they fail with EMFILE.
 */

/** Files the build's own reads and writes hold open at once: far below any system's limit, enough to keep a disk busy. */
export const maxOpenFiles = 64;

let open = 0;
const waiting: (() => void)[] = [];

/** Runs `task`, which opens one file and closes it before it settles, once fewer than maxOpenFiles such tasks run. */
export async function withOpenFile<T>(task: () => Promise<T>): Promise<T> {
  // A slot freed is handed to the first task waiting, so the count changes only when nobody waits.
  if (open < maxOpenFiles) open++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else open--;
  }
}
