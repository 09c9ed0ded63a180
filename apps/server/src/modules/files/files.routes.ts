import type { RoutesPlugin } from '../routes-plugin.js';

export const filesRoutes: RoutesPlugin = async () => {};
