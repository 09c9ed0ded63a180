import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postcss from 'postcss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeBootstrap } from './vite-purge-bootstrap.ts';

/** A stylesheet with rules the app uses, rules it does not, and rules of its components. */
const STYLESHEET = [
  '.d-flex{display:flex}',
  '.mt-3{margin-top:1rem}',
  '.p-5{padding:3rem}',
  '.table{width:100%}',
  '.from-the-page{color:red}',
  '.from-the-early-script{color:red}',
  '.btn-outline-danger{color:red}',
  '.modal-dialog{margin:1rem}',
  '.col-md-6{flex:0 0 auto}',
  '.text-dark{color:#000}',
  '.text-center{text-align:center}',
  '.rounded-pill{border-radius:50rem}',
  '.carousel-item{display:none}',
  '.fade{opacity:0}',
  '[data-bs-theme=dark]{color-scheme:dark}',
  ':root{--bs-body-bg:#fff}',
].join('\n');

const selectors = (css: string) => {
  const found: string[] = [];
  postcss.parse(css).walkRules((rule) => {
    found.push(rule.selector);
  });
  return found;
};

describe("purging Bootstrap's stylesheet", () => {
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'purge-bootstrap-'));
    await fs.mkdir(path.join(root, 'src', 'feature'), { recursive: true });
    await fs.mkdir(path.join(root, 'public'));
    await fs.writeFile(path.join(root, 'index.html'), '<div class="from-the-page"></div>');
    await fs.writeFile(
      path.join(root, 'public', 'theme.js'),
      "document.body.classList.add('from-the-early-script');",
    );
    await fs.writeFile(
      path.join(root, 'src', 'feature', 'page.tsx'),
      'export const Page = () => <div className="d-flex mt-3" />;',
    );
    // A test's markup is no use of a class by the app.
    await fs.writeFile(
      path.join(root, 'src', 'feature', 'page.test.tsx'),
      'render(<div className="p-5" />);',
    );
  });
  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  const run = (from: string) =>
    postcss([purgeBootstrap(root)])
      .process(STYLESHEET, { from })
      .then((result) => result.css);

  it('keeps what the app names and the components it renders, and drops the rest', async () => {
    const kept = selectors(await run(path.join(root, 'node_modules/bootstrap/dist/css/b.css')));
    expect(kept).toEqual([
      '.d-flex',
      '.mt-3',
      '.from-the-page',
      '.from-the-early-script',
      '.btn-outline-danger',
      '.modal-dialog',
      '.col-md-6',
      '.text-dark',
      '.rounded-pill',
      '.fade',
      '[data-bs-theme=dark]',
      ':root',
    ]);
  });

  it("leaves the app's own stylesheets and its libraries' whole", async () => {
    const kept = selectors(await run(path.join(root, 'src', 'styles', 'app.css')));
    expect(kept).toHaveLength(STYLESHEET.split('\n').length);
  });
});
