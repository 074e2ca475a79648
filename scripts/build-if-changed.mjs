// `npm start` runs this first (prestart): it builds only when the build's inputs changed since the
// last successful build, so a restart takes seconds instead of a full build. `npm run build` always
// builds, and marks its start and its success through this script:
//
//   node scripts/build-if-changed.mjs           build (npm run build) unless dist/ is up to date
//   node scripts/build-if-changed.mjs --begin   (first step of npm run build) hash the inputs now,
//                                               and forget the last build until this one succeeds
//   node scripts/build-if-changed.mjs --done    (last step of npm run build) it succeeded: stamp it
//
// The inputs are hashed at the start of a build, so an edit made while it runs counts as a change.
// A build that fails leaves no stamp, so the next start builds again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(ROOT, 'dist', 'build-stamp.json');
const PENDING = join(ROOT, 'dist', 'build-stamp.pending.json');

/** What the build reads: the sources, the build's configuration and the locked dependencies. */
const INPUTS = [
  'src',
  'drizzle',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
  'package.json',
  'package-lock.json',
];

/** What `npm start` needs from a build; if one is missing, the stamp is not believed. */
const OUTPUTS = ['dist/server/server/main.js', 'dist/ssr/entry-server.js', 'dist/web/index.html', 'dist/web/app.html'];

/** The files of one input (a file, or every file under a folder), relative to ROOT with '/'. */
function filesOf(input) {
  const path = join(ROOT, input);
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [input];
  return readdirSync(path, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** One hash of every input file's name and content. */
function hashInputs() {
  const hash = createHash('sha256');
  const files = INPUTS.flatMap(filesOf).sort();
  for (const file of files) {
    const content = readFileSync(join(ROOT, file));
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return { hash: hash.digest('hex'), files: files.length };
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return null;
  }
}

const mode = process.argv[2];

if (mode === '--begin') {
  rmSync(STAMP, { force: true });
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  writeFileSync(PENDING, `${JSON.stringify(hashInputs())}\n`);
} else if (mode === '--done') {
  const pending = JSON.parse(readFileSync(PENDING, 'utf8'));
  writeFileSync(STAMP, `${JSON.stringify({ ...pending, builtAt: new Date().toISOString() }, null, 2)}\n`);
  rmSync(PENDING, { force: true });
} else if (mode === undefined) {
  const stamp = readStamp();
  const missing = OUTPUTS.filter((file) => !existsSync(join(ROOT, file)));
  const why = !stamp
    ? 'no finished build yet'
    : missing.length
      ? `the build is incomplete (${missing.join(', ')} missing)`
      : stamp.hash !== hashInputs().hash
        ? `the sources changed since the last build (${stamp.builtAt})`
        : null;
  if (!why) {
    process.stdout.write(
      `Build up to date (built ${stamp.builtAt}; sources unchanged since). npm run build rebuilds.\n`,
    );
    process.exit(0);
  }
  process.stdout.write(`Building first: ${why}.\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build'], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  process.exit(build.status ?? 1);
} else {
  console.error(`build-if-changed: unknown option ${mode} (use --begin, --done or nothing)`);
  process.exit(2);
}
