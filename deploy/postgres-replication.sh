#!/bin/sh
# Run once by the postgres image when it creates its data directory (compose.replica.yaml): a role that may stream
# the WAL to the replica, and a line letting it connect for replication from the compose network. On a database
# made before, run the same two steps by hand, then reload the server.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" --set=password="$REPLICATION_PASSWORD" <<'SQL'
create role replicator with replication login password :'password';
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
