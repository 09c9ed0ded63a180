import type { Locator } from '@playwright/test';
import type { TestFile } from './api';

/**
 * Drops files onto an element as a person dragging them from their desktop would: a DataTransfer
 * holding real File objects, made in the page, carried by dragenter, dragover and drop events.
 */
export async function dropFiles(target: Locator, files: TestFile[]) {
  const specs = files.map((file) => ({
    name: file.name,
    type: file.mimeType,
    base64: file.buffer.toString('base64'),
  }));
  const dataTransfer = await target.page().evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const binary = atob(item.base64);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
      transfer.items.add(new File([bytes], item.name, { type: item.type }));
    }
    return transfer;
  }, specs);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
  await dataTransfer.dispose();
}
