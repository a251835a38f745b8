//! Persistence (sqlx, SQLite or PostgreSQL through the `Any` driver): games with their
//! events, and the scoring assistant's ledgers.
//!
//! Events are appended through one writer task that commits whatever has queued up in one
//! transaction (group commit): many tables share each commit, and a table waits for its
//! commit before it tells anybody what happened.

use std::sync::Arc;
use std::time::Duration;

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyConnection, AnyPool, Connection, Executor, Row};
use tokio::sync::{mpsc, oneshot};

/// A database error, as text (sqlx's errors are long; the message is what matters).
#[derive(Debug, thiserror::Error)]
#[error("database: {0}")]
pub struct DbError(pub String);

impl From<sqlx::Error> for DbError {
    fn from(e: sqlx::Error) -> DbError {
        DbError(e.to_string())
    }
}

const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        config TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        finished_at BIGINT,
        totals TEXT,
        hands BIGINT
    )",
    "CREATE INDEX IF NOT EXISTS games_status ON games (status)",
    "CREATE TABLE IF NOT EXISTS events (
        game_id TEXT NOT NULL,
        seq BIGINT NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    )",
    "CREATE TABLE IF NOT EXISTS ledgers (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        players TEXT NOT NULL,
        created_at BIGINT NOT NULL
    )",
    "CREATE TABLE IF NOT EXISTS ledger_hands (
        ledger_id TEXT NOT NULL,
        seq BIGINT NOT NULL,
        settlement TEXT NOT NULL,
        tbl TEXT,
        at BIGINT NOT NULL,
        PRIMARY KEY (ledger_id, seq)
    )",
    // A table of its own rather than a column of `ledgers`: databases made before ledger
    // tokens get it on the next start (no column to add); their ledgers have no token.
    "CREATE TABLE IF NOT EXISTS ledger_tokens (
        ledger_id TEXT PRIMARY KEY,
        token TEXT NOT NULL
    )",
];

/// A stored game row.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// Id.
    pub id: String,
    /// The table's configuration (JSON).
    pub config: String,
    /// `waiting`, `playing`, `finished`.
    pub status: String,
    /// Created, ms since the epoch.
    pub created_at: i64,
    /// Finished, ms since the epoch.
    pub finished_at: Option<i64>,
    /// Final totals (JSON array).
    pub totals: Option<String>,
    /// Hands played.
    pub hands: Option<i64>,
}

impl GameRow {
    fn from_row(r: &AnyRow) -> Result<GameRow, sqlx::Error> {
        Ok(GameRow {
            id: r.try_get("id")?,
            config: r.try_get("config")?,
            status: r.try_get("status")?,
            created_at: r.try_get("created_at")?,
            finished_at: r.try_get("finished_at")?,
            totals: r.try_get("totals")?,
            hands: r.try_get("hands")?,
        })
    }
}

/// The end of a game, written with its last events.
#[derive(Clone, Debug)]
pub struct Finish {
    /// Final totals (JSON array).
    pub totals: String,
    /// Hands played.
    pub hands: i64,
    /// When, ms since the epoch.
    pub at: i64,
}

struct Append {
    game: String,
    first_seq: i64,
    lines: Vec<String>,
    finish: Option<Finish>,
    ack: oneshot::Sender<Result<(), DbError>>,
}

/// The database: a pool and the event writer.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    writer: mpsc::UnboundedSender<Append>,
    /// Ledger appends, one at a time (each numbers its hand after the last).
    ledger_lock: Arc<tokio::sync::Mutex<()>>,
}

/// How long opening the database may take before the server gives up with the cause.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// A ledger row.
#[derive(Clone, Debug)]
pub struct LedgerRow {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Players (JSON array).
    pub players: String,
    /// Created, ms since the epoch.
    pub created_at: i64,
}

/// One hand of a ledger.
#[derive(Clone, Debug)]
pub struct LedgerHand {
    /// Settlement per player (JSON array).
    pub settlement: String,
    /// The scored table, if given (JSON).
    pub table: Option<String>,
    /// When, ms since the epoch.
    pub at: i64,
}

/// Turns `--db` into a database URL: URLs pass (an unsupported scheme is refused when
/// opened), anything else is a SQLite file path.
pub fn db_url(db: &str) -> String {
    if db.starts_with("sqlite:") || db.contains("://") {
        db.to_string()
    } else {
        format!("sqlite://{db}")
    }
}

impl Store {
    /// Opens (creating if needed) the database at `url` and starts the writer.
    pub async fn open(url: &str) -> Result<Store, DbError> {
        sqlx::any::install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        if !sqlite && !url.starts_with("postgres://") && !url.starts_with("postgresql://") {
            return Err(DbError(format!(
                "{url}: not a database this server keeps games in (give a SQLite file path, \
                 sqlite:PATH or postgres://…)"
            )));
        }
        // What the errors name: the file, or the URL without its password.
        let shown = match url.strip_prefix("sqlite://") {
            Some(path) => path.to_string(),
            None => crate::redact_url(url),
        };
        let url = if sqlite && !url.contains("mode=") {
            // Create the file when missing.
            let sep = if url.contains('?') { '&' } else { '?' };
            format!("{url}{sep}mode=rwc")
        } else {
            url.to_string()
        };
        // One connection first, within a few seconds: its error names the cause (the pool
        // would only report a timeout after its own 30 s, retrying all along). For SQLite
        // it also reads the file, so a file that is no database is refused at once.
        let first = async {
            let mut conn = AnyConnection::connect(&url).await?;
            if sqlite {
                conn.execute("PRAGMA schema_version").await?;
            }
            let _ = conn.close().await;
            Ok::<(), sqlx::Error>(())
        };
        match tokio::time::timeout(CONNECT_TIMEOUT, first).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(DbError(format!("{shown}: cannot open: {e}"))),
            Err(_) => {
                return Err(DbError(format!(
                    "{shown}: cannot open: no answer from the database within {} s",
                    CONNECT_TIMEOUT.as_secs()
                )))
            }
        }
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 4 } else { 8 })
            .acquire_timeout(Duration::from_secs(30))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        // WAL: readers never block the writer; NORMAL: a commit survives a
                        // crash of the process (not of the machine) without an fsync each.
                        conn.execute("PRAGMA journal_mode=WAL").await?;
                        conn.execute("PRAGMA synchronous=NORMAL").await?;
                        conn.execute("PRAGMA busy_timeout=10000").await?;
                    } else {
                        // `CREATE … IF NOT EXISTS` of existing tables is no news.
                        conn.execute("SET client_min_messages TO warning").await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await?;
        for s in SCHEMA {
            pool.execute(*s).await?;
        }
        let (tx, rx) = mpsc::unbounded_channel();
        tokio::spawn(writer(pool.clone(), rx));
        Ok(Store {
            pool,
            writer: tx,
            ledger_lock: Arc::default(),
        })
    }

    /// Closes the pool (after the writer has drained).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Inserts a new game.
    pub async fn insert_game(
        &self,
        id: &str,
        config: &str,
        status: &str,
        created_at: i64,
    ) -> Result<(), DbError> {
        sqlx::query("INSERT INTO games (id, config, status, created_at) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(config)
            .bind(status)
            .bind(created_at)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Updates a game's configuration and status (seats filled, table started).
    pub async fn update_game(&self, id: &str, config: &str, status: &str) -> Result<(), DbError> {
        sqlx::query("UPDATE games SET config = $1, status = $2 WHERE id = $3")
            .bind(config)
            .bind(status)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Appends events (JSON lines numbered from `first_seq`), and the finish when the game
    /// ended; returns once committed.
    pub async fn append(
        &self,
        game: &str,
        first_seq: i64,
        lines: Vec<String>,
        finish: Option<Finish>,
    ) -> Result<(), DbError> {
        let (ack, done) = oneshot::channel();
        self.writer
            .send(Append {
                game: game.to_string(),
                first_seq,
                lines,
                finish,
                ack,
            })
            .map_err(|_| DbError("the writer has stopped".into()))?;
        done.await
            .map_err(|_| DbError("the writer has stopped".into()))?
    }

    /// One game.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, DbError> {
        let row = sqlx::query("SELECT * FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| GameRow::from_row(&r)).transpose()?)
    }

    /// Games not finished (to resume at start-up).
    pub async fn unfinished(&self) -> Result<Vec<GameRow>, DbError> {
        let rows = sqlx::query(
            "SELECT * FROM games WHERE status NOT IN ('finished', 'expired', 'deleted') ORDER BY created_at",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(GameRow::from_row)
            .collect::<Result<_, _>>()?)
    }

    /// Finished games, newest first (at most `limit`).
    pub async fn finished(&self, limit: i64) -> Result<Vec<GameRow>, DbError> {
        self.finished_page(limit, None).await
    }

    /// Every ledger, newest first.
    pub async fn ledgers(&self) -> Result<Vec<LedgerRow>, DbError> {
        self.ledgers_page(i64::MAX, None).await
    }

    /// Finished games, newest first: at most `limit`, after the game `after` (its
    /// `finished_at` and id: the page before ended there).
    pub async fn finished_page(
        &self,
        limit: i64,
        after: Option<(i64, &str)>,
    ) -> Result<Vec<GameRow>, DbError> {
        let (at, id) = after.unwrap_or((i64::MAX, ""));
        let rows = sqlx::query(
            "SELECT * FROM games WHERE status = 'finished' \
             AND (finished_at < $1 OR (finished_at = $1 AND id > $2)) \
             ORDER BY finished_at DESC, id LIMIT $3",
        )
        .bind(at)
        .bind(id)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(GameRow::from_row)
            .collect::<Result<_, _>>()?)
    }

    /// A game's events in order.
    pub async fn events(&self, id: &str) -> Result<Vec<String>, DbError> {
        let rows = sqlx::query("SELECT body FROM events WHERE game_id = $1 ORDER BY seq")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows
            .iter()
            .map(|r| r.try_get::<String, _>("body"))
            .collect::<Result<_, _>>()?)
    }

    /// Creates a ledger with its token (the secret that adds hands to it).
    pub async fn insert_ledger(&self, l: &LedgerRow, token: &str) -> Result<(), DbError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("INSERT INTO ledgers (id, name, players, created_at) VALUES ($1, $2, $3, $4)")
            .bind(&l.id)
            .bind(&l.name)
            .bind(&l.players)
            .bind(l.created_at)
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO ledger_tokens (ledger_id, token) VALUES ($1, $2)")
            .bind(&l.id)
            .bind(token)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Gives a ledger a new token, replacing the one it had (if any), and returns it; `None`
    /// when there is no such ledger. For the server's operator (`mahjong ledger token`): a
    /// ledger made before tokens existed has none, and a lost token cannot be shown again.
    pub async fn reissue_ledger_token(&self, id: &str) -> Result<Option<String>, DbError> {
        if self.ledger(id).await?.is_none() {
            return Ok(None);
        }
        let token = crate::new_token();
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM ledger_tokens WHERE ledger_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO ledger_tokens (ledger_id, token) VALUES ($1, $2)")
            .bind(id)
            .bind(&token)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Some(token))
    }

    /// A ledger's token (none for a ledger made before tokens, or no such ledger).
    pub async fn ledger_token(&self, id: &str) -> Result<Option<String>, DbError> {
        let row = sqlx::query("SELECT token FROM ledger_tokens WHERE ledger_id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(r) => Some(r.try_get("token")?),
            None => None,
        })
    }

    /// Ledgers, newest first: at most `limit`, after the ledger `after` (its `created_at`
    /// and id: the page before ended there).
    pub async fn ledgers_page(
        &self,
        limit: i64,
        after: Option<(i64, &str)>,
    ) -> Result<Vec<LedgerRow>, DbError> {
        let (at, id) = after.unwrap_or((i64::MAX, ""));
        let rows = sqlx::query(
            "SELECT * FROM ledgers WHERE created_at < $1 OR (created_at = $1 AND id > $2) \
             ORDER BY created_at DESC, id LIMIT $3",
        )
        .bind(at)
        .bind(id)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(LedgerRow {
                    id: r.try_get("id")?,
                    name: r.try_get("name")?,
                    players: r.try_get("players")?,
                    created_at: r.try_get("created_at")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(Into::into)
    }

    /// One ledger.
    pub async fn ledger(&self, id: &str) -> Result<Option<LedgerRow>, DbError> {
        Ok(self.ledgers_where(id).await?.into_iter().next())
    }

    async fn ledgers_where(&self, id: &str) -> Result<Vec<LedgerRow>, DbError> {
        let rows = sqlx::query("SELECT * FROM ledgers WHERE id = $1")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| {
                Ok(LedgerRow {
                    id: r.try_get("id")?,
                    name: r.try_get("name")?,
                    players: r.try_get("players")?,
                    created_at: r.try_get("created_at")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(Into::into)
    }

    /// A ledger's hands in order.
    pub async fn ledger_hands(&self, id: &str) -> Result<Vec<LedgerHand>, DbError> {
        let rows = sqlx::query(
            "SELECT settlement, tbl, at FROM ledger_hands WHERE ledger_id = $1 ORDER BY seq",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(LedgerHand {
                    settlement: r.try_get("settlement")?,
                    table: r.try_get("tbl")?,
                    at: r.try_get("at")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(Into::into)
    }

    /// Appends a hand to a ledger, numbered after its last one. Appends of this process go
    /// one at a time; the number is taken in the same statement that inserts (so SQLite
    /// takes its write lock first and waits its busy timeout, instead of failing to upgrade
    /// a read), and a number taken by another process meanwhile is retried.
    pub async fn add_ledger_hand(&self, id: &str, hand: &LedgerHand) -> Result<(), DbError> {
        let _one_at_a_time = self.ledger_lock.lock().await;
        let mut tries = 0;
        loop {
            let result = sqlx::query(
                "INSERT INTO ledger_hands (ledger_id, seq, settlement, tbl, at) \
                 SELECT $1, COALESCE(MAX(seq) + 1, 0), $2, $3, $4 \
                 FROM ledger_hands WHERE ledger_id = $1",
            )
            .bind(id)
            .bind(&hand.settlement)
            .bind(hand.table.as_deref())
            .bind(hand.at)
            .execute(&self.pool)
            .await;
            match result {
                Ok(_) => return Ok(()),
                Err(sqlx::Error::Database(e))
                    if tries < 20
                        && (e.is_unique_violation() || e.message().contains("locked")) =>
                {
                    tries += 1;
                    tokio::time::sleep(Duration::from_millis(5 * tries)).await;
                }
                Err(e) => return Err(e.into()),
            }
        }
    }
}

/// The writer: takes every append that has queued up, commits them in one transaction,
/// and acknowledges each. When that commit fails, each append is written again in a
/// transaction of its own: one bad append (a number already stored, a row the database
/// refuses) fails alone instead of taking the others of its group down with it.
async fn writer(pool: AnyPool, mut rx: mpsc::UnboundedReceiver<Append>) {
    let mut batch = Vec::new();
    while rx.recv_many(&mut batch, 512).await > 0 {
        let result = write_batch(&pool, &batch).await;
        match result {
            Ok(()) => {
                for a in batch.drain(..) {
                    let _ = a.ack.send(Ok(()));
                }
            }
            Err(e) if batch.len() == 1 => {
                tracing::error!(game = %batch[0].game, "writing events: {e}");
                let a = batch.pop().expect("one");
                let _ = a.ack.send(Err(e));
            }
            Err(e) => {
                tracing::warn!(
                    "writing {} event batches together: {e}; writing each alone",
                    batch.len()
                );
                for a in batch.drain(..) {
                    let alone = write_batch(&pool, std::slice::from_ref(&a)).await;
                    if let Err(e) = &alone {
                        tracing::error!(game = %a.game, "writing events: {e}");
                    }
                    let _ = a.ack.send(alone);
                }
            }
        }
    }
}

async fn write_batch(pool: &AnyPool, batch: &[Append]) -> Result<(), DbError> {
    let mut tx = pool.begin().await?;
    // Rows of all appends, in chunks that stay under every driver's parameter limit.
    let rows: Vec<(&str, i64, &str)> = batch
        .iter()
        .flat_map(|a| {
            a.lines
                .iter()
                .enumerate()
                .map(move |(i, l)| (a.game.as_str(), a.first_seq + i as i64, l.as_str()))
        })
        .collect();
    for chunk in rows.chunks(300) {
        // `$n` placeholders: both SQLite and PostgreSQL read them.
        let mut sql = String::from("INSERT INTO events (game_id, seq, body) VALUES ");
        for i in 0..chunk.len() {
            if i > 0 {
                sql.push(',');
            }
            let n = 3 * i;
            sql.push_str(&format!("(${}, ${}, ${})", n + 1, n + 2, n + 3));
        }
        let mut q = sqlx::query(&sql);
        for (g, s, l) in chunk {
            q = q.bind(*g).bind(*s).bind(*l);
        }
        q.execute(&mut *tx).await?;
    }
    for a in batch {
        if let Some(f) = &a.finish {
            sqlx::query(
                "UPDATE games SET status = 'finished', totals = $1, hands = $2, finished_at = $3 WHERE id = $4",
            )
            .bind(&f.totals)
            .bind(f.hands)
            .bind(f.at)
            .bind(&a.game)
            .execute(&mut *tx)
            .await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_show_no_password() {
        assert_eq!(
            crate::redact_url("postgres://ann:secret@db.example:5432/mj"),
            "postgres://…@db.example:5432/mj"
        );
        assert_eq!(crate::redact_url("postgres://db/mj"), "postgres://db/mj");
        assert_eq!(db_url("/tmp/x.db"), "sqlite:///tmp/x.db");
        assert_eq!(db_url("mysql://x"), "mysql://x");
    }
}
