#!/usr/bin/env bash
# Piwigo beside our album page (bench:web's BENCH_PIWIGO_URL): installs Debian's PHP, PHP-FPM and
# nginx if missing (for this benchmark only), extracts Piwigo from its git snapshot into
# $PIWIGO_DIR (/tmp/piwigo), makes a MariaDB database, runs Piwigo's installer, serves it at
# 127.0.0.1:$PIWIGO_PORT (8081) through nginx (gzip on) and PHP-FPM (decision 0121), adds one public
# album of $PIWIGO_PHOTOS (20) photos of $PIWIGO_MP (12) megapixels (the bytes bench:web makes)
# through Piwigo's web API, has Piwigo make the thumbnails the album page shows, and prints the
# album page's address. Run as root: bash bench/piwigo/setup.sh
# (No BENCH_* names: bench:web stops on a BENCH_* variable it does not know.)
set -euo pipefail

DIR=${PIWIGO_DIR:-/tmp/piwigo}
PORT=${PIWIGO_PORT:-8081}
PHOTOS=${PIWIGO_PHOTOS:-20}
MP=${PIWIGO_MP:-12}
MIRROR=${PIWIGO_GIT_DIR:-/work/.mirror/Piwigo+Piwigo/repo}
REPO=$(cd "$(dirname "$0")/../.." && pwd)
URL="http://127.0.0.1:$PORT"
ADMIN_PASSWORD='benchmark password'

# Debian's packages, only those missing.
missing=()
for package in php-cli php-fpm php-mysql php-gd php-xml php-mbstring nginx-light; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
fi
PHP_VERSION=$(php -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;')

# A previous run's servers, then a fresh Piwigo.
for pidfile in "$DIR/run/nginx.pid" "$DIR/run/php-fpm.pid"; do
  if [ -f "$pidfile" ]; then kill "$(cat "$pidfile")" 2>/dev/null || true; fi
done
sleep 1
rm -rf "$DIR"
mkdir -p "$DIR/www" "$DIR/run" "$DIR/photos"
git --git-dir="$MIRROR" archive HEAD | tar -x -C "$DIR/www"
git --git-dir="$MIRROR" log -1 --format=%H >"$DIR/commit"
chown -R www-data:www-data "$DIR/www"

mysql -uroot <<'SQL'
DROP DATABASE IF EXISTS piwigo;
CREATE DATABASE piwigo CHARACTER SET utf8mb4;
CREATE USER IF NOT EXISTS 'piwigo'@'127.0.0.1' IDENTIFIED BY 'piwigo';
GRANT ALL ON piwigo.* TO 'piwigo'@'127.0.0.1';
SQL

cat >"$DIR/run/php-fpm.conf" <<EOF
[global]
pid = $DIR/run/php-fpm.pid
error_log = $DIR/run/php-fpm.log
daemonize = yes

[piwigo]
user = www-data
group = www-data
listen = $DIR/run/php-fpm.sock
listen.owner = www-data
listen.group = www-data
; Debian's pool as shipped (www.conf)
pm = dynamic
pm.max_children = 5
pm.start_servers = 2
pm.min_spare_servers = 1
pm.max_spare_servers = 3
php_admin_value[upload_max_filesize] = 64M
php_admin_value[post_max_size] = 64M
php_admin_value[memory_limit] = 512M
EOF
"php-fpm$PHP_VERSION" -y "$DIR/run/php-fpm.conf"

cat >"$DIR/run/nginx.conf" <<EOF
user www-data;
worker_processes auto;
pid $DIR/run/nginx.pid;
error_log $DIR/run/nginx-error.log;
events {}
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  keepalive_timeout 65;
  gzip on;
  gzip_types text/css application/javascript text/javascript application/json image/svg+xml;
  client_max_body_size 64m;
  client_body_temp_path $DIR/run/body;
  fastcgi_temp_path $DIR/run/fastcgi;
  proxy_temp_path $DIR/run/proxy;
  uwsgi_temp_path $DIR/run/uwsgi;
  scgi_temp_path $DIR/run/scgi;
  server {
    listen 127.0.0.1:$PORT;
    root $DIR/www;
    index index.php;
    location ~ \.php\$ {
      try_files \$uri =404;
      include /etc/nginx/fastcgi_params;
      fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
      fastcgi_pass unix:$DIR/run/php-fpm.sock;
    }
  }
}
EOF
nginx -c "$DIR/run/nginx.conf"
for _ in $(seq 50); do curl -fsS -o /dev/null "$URL/install.php" && break || sleep 0.2; done

# Piwigo's installer, as its form posts it (no newsletter: the machine has no internet).
curl -fsS -o "$DIR/run/install.html" "$URL/install.php?language=en_GB" \
  --data-urlencode install=1 --data-urlencode prefix=piwigo_ \
  --data-urlencode dbhost=127.0.0.1 --data-urlencode dbuser=piwigo \
  --data-urlencode dbpasswd=piwigo --data-urlencode dbname=piwigo \
  --data-urlencode admin_name=admin --data-urlencode "admin_pass1=$ADMIN_PASSWORD" \
  --data-urlencode "admin_pass2=$ADMIN_PASSWORD" --data-urlencode admin_mail=admin@example.com
if [ ! -f "$DIR/www/local/config/database.inc.php" ]; then
  echo "Piwigo's installer failed: see $DIR/run/install.html" >&2
  exit 1
fi

# The photos bench:web uploads to ours: cameraJpeg(i, MP) for i = 0, 1…
(cd "$REPO" && node --import tsx --input-type=module -e "
import { writeFile } from 'node:fs/promises';
import { cameraJpeg } from './bench/lib/lighthouse.ts';
for (let i = 0; i < $PHOTOS; i += 1) {
  await writeFile('$DIR/photos/photo-' + i + '.jpg', await cameraJpeg(i, $MP));
}")

# Through the web API, signed in as the admin: a public album, then the photos into it.
JAR="$DIR/run/cookies"
api() { curl -fsS -b "$JAR" -c "$JAR" "$URL/ws.php?format=json" "$@"; }
result() { php -r '$a = json_decode(stream_get_contents(STDIN)); if ($a->stat !== "ok") { fwrite(STDERR, json_encode($a)."\n"); exit(1); } echo json_encode($a->result);'; }
api --data-urlencode method=pwg.session.login --data-urlencode username=admin \
  --data-urlencode "password=$ADMIN_PASSWORD" | result >/dev/null
ALBUM=$(api -d method=pwg.categories.add -d name=Holiday -d status=public | result |
  php -r 'echo json_decode(stream_get_contents(STDIN))->id;')
for i in $(seq 0 $((PHOTOS - 1))); do
  api -F method=pwg.images.addSimple -F "category=$ALBUM" -F "name=photo-$i.jpg" \
    -F "image=@$DIR/photos/photo-$i.jpg;type=image/jpeg" | result >/dev/null
done
# Photos added wait in Piwigo's lounge until it is emptied (at once, not minutes later).
api -d method=pwg.images.emptyLounge | result >/dev/null
# A guest's page shows 15 photos by default (nb_image_page), then a next page: show them all.
TOKEN=$(api -d method=pwg.session.getStatus | result |
  php -r 'echo json_decode(stream_get_contents(STDIN))->pwg_token;')
GUEST=$(mysql -uroot -N piwigo -e "SELECT id FROM piwigo_users WHERE username = 'guest'")
api -d method=pwg.users.setInfo -d "user_id=$GUEST" -d "nb_image_page=$PHOTOS" \
  -d "pwg_token=$TOKEN" | result >/dev/null
PAGE="$URL/index.php?/category/$ALBUM"

# Piwigo makes a thumbnail when it is first asked for (i.php); until then the page shows a
# placeholder and a script asks for it. Ask for each once, as a guest, until the page names
# only thumbnails made (their files, served by nginx).
for _ in 1 2 3; do
  pending=$(curl -fsS "$PAGE" | grep -o 'data-src="[^"]*"' | sed 's/^data-src="//; s/"$//; s/&amp;/\&/g' || true)
  [ -z "$pending" ] && break
  for src in $pending; do curl -fsS -o /dev/null "$URL/$src"; done
done
if curl -fsS "$PAGE" | grep -q 'data-src='; then
  echo "Piwigo did not make every thumbnail of $PAGE" >&2
  exit 1
fi

echo "Piwigo $(cat "$DIR/commit") on PHP $PHP_VERSION, $PHOTOS photos of $MP MP, public album:"
echo "$PAGE"
