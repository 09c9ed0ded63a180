import type { RoutesPlugin } from '../routes-plugin.js';

export const usersRoutes: RoutesPlugin = async () => {};
