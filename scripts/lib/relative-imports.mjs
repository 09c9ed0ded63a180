import path from 'node:path';
import ts from 'typescript';

/**
 * The modules of the app that a source file imports by a relative name (static and dynamic
 * imports, re-exports), as paths joined to the file's own (`file` and the answers are '/'-paths,
 * as the file names them: `../files/files.service.js`). Read with TypeScript's import scanner, so
 * the module map (module-map.mjs) and the docs' drawing of it (check-docs.mjs) read imports alike.
 */
export function relativeImports(file, source) {
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => path.posix.normalize(path.posix.join(path.posix.dirname(file), name)));
}
