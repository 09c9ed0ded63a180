import type { RoutesPlugin } from '../routes-plugin.js';

export const photosRoutes: RoutesPlugin = async () => {};
