import type { RoutesPlugin } from '../routes-plugin.js';

export const albumsRoutes: RoutesPlugin = async () => {};
