// What the scrolling benchmarks read from a page in Chromium: DOM nodes, the JS heap after a
// garbage collection, and the main thread's long tasks (PerformanceObserver longtask).
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromePath } from './lighthouse.js';

export interface LongTask {
  /** Since the page's navigation, ms. */
  start: number;
  duration: number;
}

/** Chromium as the scrolling benchmarks run it: with precise memory figures. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--enable-precise-memory-info'],
  });
}

/** How many elements the page's DOM holds. */
export function domNodes(page: Page): Promise<number> {
  return page.evaluate(() => document.getElementsByTagName('*').length);
}

/** The page's DOM nodes and its JS heap in use after a garbage collection, in MB. */
export async function pageFigures(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? NaN;
  await cdp.detach();
  return {
    domNodes: await domNodes(page),
    heapMb: heap / 1e6,
  };
}

/** Makes every page of `context` note its long tasks from its start, for longTasks to read. */
export async function recordLongTasks(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        tasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** The page's long tasks so far (see recordLongTasks). */
export function longTasks(page: Page): Promise<LongTask[]> {
  return page.evaluate(() => (window as unknown as { longTasks: LongTask[] }).longTasks);
}
