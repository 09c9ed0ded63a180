// The entry of /albums-preload.js, a classic script of index.html's head.
import { preloadAlbumPage, preloadRecentAlbums } from './albums-preload';

preloadRecentAlbums();
preloadAlbumPage();
