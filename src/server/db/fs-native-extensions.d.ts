// The part of fs-native-extensions (no types of its own) that data-dir.ts uses.
declare module 'fs-native-extensions' {
  /** An exclusive lock (or shared, with `{ shared: true }`) on the file; false when another holds it. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
