import type { RoutesPlugin } from '../routes-plugin.js';

export const commentsRoutes: RoutesPlugin = async () => {};
