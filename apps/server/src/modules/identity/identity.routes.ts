import type { RoutesPlugin } from '../routes-plugin.js';

export const identityRoutes: RoutesPlugin = async () => {};
