import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The timeline of every photo one may see, and search (docs/decisions/0052-timeline-and-search.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  // The name the file had on the uploader's device (basename; null for files stored before).
  await db.schema.alterTable('files').addColumn('original_name', 'text').execute();
  // How many photos show the file (a file in two albums is two photos): kept by the triggers
  // below. The few files shown more than once are found by a partial index.
  await db.schema
    .alterTable('files')
    .addColumn('photo_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update files set photo_count = (select count(*) from photos where photos.file_id = files.id)`.execute(
    db,
  );
  await sql`create index files_shown_twice_idx on files (id) where photo_count > 1`.execute(db);

  // How many photos each album holds in each month (YYYY-MM of sort_date), and whether the album
  // is seen by everyone (1) or not (0); and the sum of the rows seen by everyone, per month. The
  // month index is that sum plus the few rows of the viewer's other albums (0052).
  await db.schema
    .createTable('photo_months')
    .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('photo_count', 'integer', (c) => c.notNull())
    .addColumn('everyone', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_months_pk', ['album_id', 'month'])
    .execute();
  await db.schema
    .createTable('everyone_months')
    .addColumn('month', 'text', (c) => c.primaryKey())
    .addColumn('photo_count', 'integer', (c) => c.notNull())
    .execute();
  await sql`
    insert into photo_months (album_id, month, photo_count, everyone)
    select photos.album_id, substr(photos.sort_date, 1, 7), count(*),
      max(case when albums.visibility = 'everyone' then 1 else 0 end)
    from photos join albums on albums.id = photos.album_id
    group by photos.album_id, substr(photos.sort_date, 1, 7)
  `.execute(db);
  await sql`
    insert into everyone_months (month, photo_count)
    select month, sum(photo_count) from photo_months where everyone = 1 group by month
  `.execute(db);

  // The timeline's walk, newest first, and "added by" in the same order.
  await db.schema
    .createIndex('photos_sort_idx')
    .on('photos')
    .columns(['sort_date', 'id'])
    .execute();
  await db.schema
    .createIndex('photos_owner_sort_idx')
    .on('photos')
    .columns(['owner_id', 'sort_date', 'id'])
    .execute();

  if (postgres) {
    await sql`
      create function photos_keep_counts() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update photo_months set photo_count = photo_count - 1
            where album_id = old.album_id and month = substr(old.sort_date, 1, 7);
          delete from photo_months
            where album_id = old.album_id and month = substr(old.sort_date, 1, 7) and photo_count <= 0;
          update files set photo_count = photo_count - 1 where id = old.file_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into photo_months (album_id, month, photo_count, everyone)
            select new.album_id, substr(new.sort_date, 1, 7), 1,
              case when visibility = 'everyone' then 1 else 0 end
            from albums where id = new.album_id
            on conflict (album_id, month) do update set photo_count = photo_months.photo_count + 1;
          update files set photo_count = photo_count + 1 where id = new.file_id;
        end if;
        return null;
      end
      $$
    `.execute(db);
    await sql`
      create function photo_months_keep_everyone() returns trigger language plpgsql as $$
      declare
        delta integer := 0;
        the_month text;
      begin
        if tg_op in ('UPDATE', 'INSERT') then
          delta := delta + new.everyone * new.photo_count;
          the_month := new.month;
        end if;
        if tg_op in ('UPDATE', 'DELETE') then
          delta := delta - old.everyone * old.photo_count;
          the_month := old.month;
        end if;
        if delta <> 0 then
          insert into everyone_months (month, photo_count) values (the_month, delta)
            on conflict (month) do update set photo_count = everyone_months.photo_count + delta;
          delete from everyone_months
            where everyone_months.month = the_month and everyone_months.photo_count <= 0;
        end if;
        return null;
      end
      $$
    `.execute(db);
    await sql`
      create trigger photo_months_keep_everyone after insert or delete or update
      on photo_months for each row execute function photo_months_keep_everyone()
    `.execute(db);
    await sql`
      create function albums_keep_everyone() returns trigger language plpgsql as $$
      begin
        update photo_months set everyone = case when new.visibility = 'everyone' then 1 else 0 end
          where album_id = new.id;
        return null;
      end
      $$
    `.execute(db);
    await sql`
      create trigger albums_keep_everyone after update of visibility on albums
      for each row when (old.visibility is distinct from new.visibility)
      execute function albums_keep_everyone()
    `.execute(db);
    await sql`
      create trigger photos_keep_counts after insert or delete or update of album_id, file_id, sort_date
      on photos for each row execute function photos_keep_counts()
    `.execute(db);

    // Substring search of names by trigrams (pg_trgm ships with PostgreSQL, a trusted extension).
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index files_original_name_trgm_idx on files using gin (original_name gin_trgm_ops)`.execute(
      db,
    );
    await sql`
      create index files_camera_trgm_idx on files
      using gin ((coalesce(camera_make, '') || ' ' || coalesce(camera_model, '')) gin_trgm_ops)
    `.execute(db);
    await sql`create index albums_name_trgm_idx on albums using gin (name gin_trgm_ops)`.execute(
      db,
    );
    return;
  }

  await sql`
    create trigger photos_count_added after insert on photos begin
      insert into photo_months (album_id, month, photo_count, everyone)
        select new.album_id, substr(new.sort_date, 1, 7), 1,
          case when visibility = 'everyone' then 1 else 0 end
        from albums where id = new.album_id
        on conflict (album_id, month) do update set photo_count = photo_count + 1;
      update files set photo_count = photo_count + 1 where id = new.file_id;
    end
  `.execute(db);
  await sql`
    create trigger photos_count_deleted after delete on photos begin
      update photo_months set photo_count = photo_count - 1
        where album_id = old.album_id and month = substr(old.sort_date, 1, 7);
      delete from photo_months
        where album_id = old.album_id and month = substr(old.sort_date, 1, 7) and photo_count <= 0;
      update files set photo_count = photo_count - 1 where id = old.file_id;
    end
  `.execute(db);
  await sql`
    create trigger photos_count_moved after update of album_id, file_id, sort_date on photos begin
      update photo_months set photo_count = photo_count - 1
        where album_id = old.album_id and month = substr(old.sort_date, 1, 7);
      delete from photo_months
        where album_id = old.album_id and month = substr(old.sort_date, 1, 7) and photo_count <= 0;
      update files set photo_count = photo_count - 1 where id = old.file_id;
      insert into photo_months (album_id, month, photo_count, everyone)
        select new.album_id, substr(new.sort_date, 1, 7), 1,
          case when visibility = 'everyone' then 1 else 0 end
        from albums where id = new.album_id
        on conflict (album_id, month) do update set photo_count = photo_count + 1;
      update files set photo_count = photo_count + 1 where id = new.file_id;
    end
  `.execute(db);
  const addEveryone = (row: 'new' | 'old', sign: '+' | '-') =>
    `insert into everyone_months (month, photo_count)
        select ${row}.month, ${sign}${row}.photo_count where ${row}.everyone = 1
        on conflict (month) do update set photo_count = photo_count ${sign} ${row}.photo_count;`;
  await sql
    .raw(
      `create trigger photo_months_everyone_added after insert on photo_months begin
        ${addEveryone('new', '+')}
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger photo_months_everyone_changed after update on photo_months begin
        ${addEveryone('old', '-')}
        ${addEveryone('new', '+')}
        delete from everyone_months where month = old.month and photo_count <= 0;
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger photo_months_everyone_deleted after delete on photo_months begin
        ${addEveryone('old', '-')}
        delete from everyone_months where month = old.month and photo_count <= 0;
      end`,
    )
    .execute(db);
  await sql`
    create trigger albums_everyone_changed after update of visibility on albums
    when old.visibility is not new.visibility begin
      update photo_months set everyone = case when new.visibility = 'everyone' then 1 else 0 end
        where album_id = new.id;
    end
  `.execute(db);

  // Substring search of names: an FTS5 index with the trigram tokenizer. Its rows are keyed by
  // file_search's integer key, which (unlike a text-keyed table's rowid) VACUUM keeps.
  await sql`
    create table file_search (
      id integer primary key,
      file_id text not null unique references files (id) on delete cascade,
      name text,
      camera text
    )
  `.execute(db);
  await sql`
    create virtual table file_search_fts using fts5 (
      name, camera, content = 'file_search', content_rowid = 'id', tokenize = 'trigram'
    )
  `.execute(db);
  await sql`
    create trigger file_search_added after insert on file_search begin
      insert into file_search_fts (rowid, name, camera) values (new.id, new.name, new.camera);
    end
  `.execute(db);
  await sql`
    create trigger file_search_deleted after delete on file_search begin
      insert into file_search_fts (file_search_fts, rowid, name, camera)
        values ('delete', old.id, old.name, old.camera);
    end
  `.execute(db);
  await sql`
    create trigger file_search_changed after update on file_search begin
      insert into file_search_fts (file_search_fts, rowid, name, camera)
        values ('delete', old.id, old.name, old.camera);
      insert into file_search_fts (rowid, name, camera) values (new.id, new.name, new.camera);
    end
  `.execute(db);
  const camera = (row: string) =>
    `trim(coalesce(${row}.camera_make, '') || ' ' || coalesce(${row}.camera_model, ''))`;
  await sql
    .raw(
      `create trigger files_search_added after insert on files begin
        insert into file_search (file_id, name, camera) values (new.id, new.original_name, ${camera('new')});
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger files_search_changed after update of original_name, camera_make, camera_model on files begin
        update file_search set name = new.original_name, camera = ${camera('new')} where file_id = new.id;
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into file_search (file_id, name, camera) select id, original_name, ${camera('files')} from files`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger albums_keep_everyone on albums`.execute(db);
    await sql`drop function albums_keep_everyone()`.execute(db);
    await sql`drop trigger photo_months_keep_everyone on photo_months`.execute(db);
    await sql`drop function photo_months_keep_everyone()`.execute(db);
    await sql`drop trigger photos_keep_counts on photos`.execute(db);
    await sql`drop function photos_keep_counts()`.execute(db);
    await sql`drop index albums_name_trgm_idx`.execute(db);
    await sql`drop index files_camera_trgm_idx`.execute(db);
    await sql`drop index files_original_name_trgm_idx`.execute(db);
  } else {
    for (const trigger of [
      'files_search_changed',
      'files_search_added',
      'albums_everyone_changed',
      'photo_months_everyone_deleted',
      'photo_months_everyone_changed',
      'photo_months_everyone_added',
      'photos_count_moved',
      'photos_count_deleted',
      'photos_count_added',
    ]) {
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table file_search_fts`.execute(db);
    await sql`drop table file_search`.execute(db);
  }
  await db.schema.dropIndex('photos_owner_sort_idx').execute();
  await db.schema.dropIndex('photos_sort_idx').execute();
  await db.schema.dropTable('everyone_months').execute();
  await db.schema.dropTable('photo_months').execute();
  await db.schema.dropIndex('files_shown_twice_idx').execute();
  await db.schema.alterTable('files').dropColumn('photo_count').execute();
  await db.schema.alterTable('files').dropColumn('original_name').execute();
}
