# Sourced by scripts/test-postgres and scripts/serve: starts a throwaway PostgreSQL server from the
# system's packages (installed if missing) on a free local port, in a temporary folder that is
# gone at the end. Sets $pg_url (its postgres database), $pg_bin, $pg_port and $pg_dir, and
# `pg_stop`, which the caller's EXIT trap runs.
scripts/setup --postgres
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
pg_dir=$(mktemp -d)
pg_port=$((20000 + RANDOM % 20000))
# PostgreSQL refuses to run as root: as root, the server runs as the packages' postgres user.
pg_as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
pg_stop() {
  pg_as_owner "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$pg_dir"
}
[ "$(id -u)" = 0 ] && chown postgres "$pg_dir"
pg_as_owner "$pg_bin/initdb" -D "$pg_dir/data" -U reversi --auth=trust >/dev/null
# Room servers hold one advisory lock per room: room for 3 000 rooms and more.
pg_as_owner "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w \
  -o "-p $pg_port -k $pg_dir -c listen_addresses=127.0.0.1 -c max_locks_per_transaction=256" \
  start >/dev/null
pg_url="postgres://reversi@127.0.0.1:$pg_port/postgres"
echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') at $pg_url" >&2
