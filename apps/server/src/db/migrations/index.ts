import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './2026-11-21T00-00-initial.js';
import * as signInThrottle from './2026-11-22T20-00-sign-in-throttle.js';
import * as photoLikes from './2026-11-22T21-00-photo-likes.js';
import * as identityAccounts from './2026-11-23T01-00-identity-accounts.js';
import * as signingKeys from './2026-11-23T02-00-signing-keys.js';
import * as rateLimitCounters from './2026-11-23T02-10-rate-limit-counters.js';
import * as sharing from './2026-11-23T04-00-sharing.js';
import * as commentEvents from './2026-11-23T05-00-comment-events.js';
import * as cardImages from './2026-11-23T06-00-card-images.js';
import * as fileRotation from './2026-11-23T07-00-file-rotation.js';
import * as filePlaceholders from './2026-11-23T08-00-file-placeholders.js';
import * as derivedImagesState from './2026-11-23T08-10-derived-images-state.js';
import * as albumPhotoFacts from './2026-11-27T00-00-album-photo-facts.js';
import * as serverAdmin from './2026-11-27T00-00-server-admin.js';
import * as zipDownloads from './2026-11-27T01-00-zip-downloads.js';
import * as timelineAndSearch from './2026-11-27T10-00-timeline-and-search.js';
import * as fileCrc32 from './2026-11-27T11-00-file-crc32.js';
import * as mediaKinds from './2026-11-27T20-00-media-kinds.js';
import * as resumableUploads from './2026-11-27T21-00-resumable-uploads.js';
import * as shareLinks from './2026-11-28T00-00-share-links.js';
import * as activity from './2026-11-28T01-00-activity.js';
import * as identityMfa from './2026-11-29T02-00-identity-mfa.js';
import * as sso from './2026-11-29T03-00-sso.js';
import * as passkeys from './2026-11-29T01-00-passkeys.js';
import * as adminAndQuotas from './2026-11-29T04-00-admin-and-quotas.js';
import * as userLocale from './2026-11-29T05-00-user-locale.js';
import * as trash from './2026-11-29T06-00-trash.js';
import * as originalsKept from './2026-11-29T07-10-originals-kept.js';
import * as favouritesAndArchive from './2026-11-30T02-00-favourites-and-archive.js';
import * as lockedPlace from './2026-11-30T03-00-locked-place.js';
import * as captureFacts from './2026-11-30T04-00-capture-facts.js';
import * as emptyAlbums from './2026-11-30T04-10-empty-albums.js';
import * as timelineCoveringIndex from './2026-11-30T04-20-timeline-covering-index.js';
import * as people from './2026-12-01T01-00-people.js';
import * as placeNames from './2026-12-01T02-00-place-names.js';
import * as webSessions from './2026-12-01T03-00-web-sessions.js';
import * as sortByCameraClock from './2026-12-01T04-00-sort-by-camera-clock.js';
import * as hiddenMemories from './2026-12-02T01-00-hidden-memories.js';
import * as mapCellsCovering from './2026-12-02T03-00-map-cells-covering.js';
import * as placeSearchIndex from './2026-12-02T03-10-place-search-index.js';
import * as facesPersonBest from './2026-12-02T04-00-faces-person-best.js';
import * as facesShown from './2026-12-02T05-00-faces-shown.js';
import * as cameraNamesIndex from './2026-12-02T05-10-camera-names-index.js';

/** Every migration, by name. Names sort in the order they apply. */
const migrations: Record<string, Migration> = {
  '2026-11-21T00-00-initial': initial,
  '2026-11-22T20-00-sign-in-throttle': signInThrottle,
  '2026-11-22T21-00-photo-likes': photoLikes,
  '2026-11-23T01-00-identity-accounts': identityAccounts,
  '2026-11-23T02-00-signing-keys': signingKeys,
  '2026-11-23T02-10-rate-limit-counters': rateLimitCounters,
  '2026-11-23T04-00-sharing': sharing,
  '2026-11-23T05-00-comment-events': commentEvents,
  '2026-11-23T06-00-card-images': cardImages,
  '2026-11-23T07-00-file-rotation': fileRotation,
  '2026-11-23T08-00-file-placeholders': filePlaceholders,
  '2026-11-23T08-10-derived-images-state': derivedImagesState,
  '2026-11-27T00-00-album-photo-facts': albumPhotoFacts,
  '2026-11-27T00-00-server-admin': serverAdmin,
  '2026-11-27T01-00-zip-downloads': zipDownloads,
  '2026-11-27T10-00-timeline-and-search': timelineAndSearch,
  '2026-11-27T11-00-file-crc32': fileCrc32,
  '2026-11-27T20-00-media-kinds': mediaKinds,
  '2026-11-27T21-00-resumable-uploads': resumableUploads,
  '2026-11-28T00-00-share-links': shareLinks,
  '2026-11-28T01-00-activity': activity,
  '2026-11-29T01-00-passkeys': passkeys,
  '2026-11-29T02-00-identity-mfa': identityMfa,
  '2026-11-29T03-00-sso': sso,
  '2026-11-29T04-00-admin-and-quotas': adminAndQuotas,
  '2026-11-29T05-00-user-locale': userLocale,
  '2026-11-29T06-00-trash': trash,
  '2026-11-29T07-10-originals-kept': originalsKept,
  '2026-11-30T02-00-favourites-and-archive': favouritesAndArchive,
  '2026-11-30T03-00-locked-place': lockedPlace,
  '2026-11-30T04-00-capture-facts': captureFacts,
  '2026-11-30T04-10-empty-albums': emptyAlbums,
  '2026-11-30T04-20-timeline-covering-index': timelineCoveringIndex,
  '2026-12-01T01-00-people': people,
  '2026-12-01T02-00-place-names': placeNames,
  '2026-12-01T03-00-web-sessions': webSessions,
  '2026-12-01T04-00-sort-by-camera-clock': sortByCameraClock,
  '2026-12-02T01-00-hidden-memories': hiddenMemories,
  '2026-12-02T03-00-map-cells-covering': mapCellsCovering,
  '2026-12-02T03-10-place-search-index': placeSearchIndex,
  '2026-12-02T04-00-faces-person-best': facesPersonBest,
  '2026-12-02T05-00-faces-shown': facesShown,
  '2026-12-02T05-10-camera-names-index': cameraNamesIndex,
};

/** Static provider: works the same from source and from the bundled server. */
export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
