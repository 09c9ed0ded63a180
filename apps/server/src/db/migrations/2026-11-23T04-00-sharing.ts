import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Who sees an album: 'everyone' (with an account: the default, as before), 'invited' or 'owner'.
  await db.schema
    .alterTable('albums')
    .addColumn('visibility', 'text', (c) =>
      c
        .notNull()
        .defaultTo('everyone')
        .check(sql`visibility in ('everyone', 'invited', 'owner')`),
    )
    .execute();
  // The address a user has proven to own (an ID token's email_verified), lower-cased; null: none.
  await db.schema.alterTable('users').addColumn('verified_email', 'text').execute();
  await db.schema
    .createIndex('users_verified_email_idx')
    .on('users')
    .column('verified_email')
    .execute();

  // One row per member of an album; the primary key is the rule "a member once".
  await db.schema
    .createTable('album_members')
    .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('viewer', 'contributor')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('album_members_pk', ['album_id', 'user_id'])
    .execute();
  // "Shared with me", newest first, and the visibility filter's lookups by user.
  await db.schema
    .createIndex('album_members_user_idx')
    .on('album_members')
    .columns(['user_id', 'album_id'])
    .execute();

  // An invitation to an address not (yet) proven by any account.
  await db.schema
    .createTable('album_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
    /** Lower-cased. */
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('viewer', 'contributor')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('album_invitations_album_email_idx')
    .on('album_invitations')
    .columns(['album_id', 'email'])
    .unique()
    .execute();
  await db.schema
    .createIndex('album_invitations_email_idx')
    .on('album_invitations')
    .column('email')
    .execute();

  // At most one active link per album (its primary key); revoking deletes the row.
  await db.schema
    .createTable('album_links')
    .addColumn('album_id', 'text', (c) =>
      c.primaryKey().references('albums.id').onDelete('cascade'),
    )
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('album_links').execute();
  await db.schema.dropTable('album_invitations').execute();
  await db.schema.dropTable('album_members').execute();
  await db.schema.dropIndex('users_verified_email_idx').execute();
  await db.schema.alterTable('users').dropColumn('verified_email').execute();
  await db.schema.alterTable('albums').dropColumn('visibility').execute();
}
