-- snc database schema, version 1.
--
-- One SQLite file holds the history of every command: each command appends a row to
-- `runs`, and everything it finds hangs off that run, so a DB can be compared with an older
-- one and two runs of the same harness can be told apart. Tables are the storage; the VIEWS
-- at the end are the stable interface for reports, the gate and users of the sqlite3 shell
-- (documented in docs/db.md). Names follow the theory: operation, state, influence,
-- commutative, SNC, witness, verdict.

CREATE TABLE IF NOT EXISTS runs (
  id           INTEGER PRIMARY KEY,
  command      TEXT NOT NULL,              -- run, demo, scan, ...
  args         TEXT NOT NULL,              -- the command line, for the record
  target       TEXT,                       -- what it ran on (harness, directory)
  tool_version TEXT NOT NULL,
  started_at   TEXT NOT NULL,              -- UTC, ISO 8601
  finished_at  TEXT,                       -- NULL while running, or if it was killed
  status       TEXT NOT NULL DEFAULT 'running'
               CHECK (status IN ('running', 'ok', 'findings', 'failed')),
  exit_code    INTEGER
);

-- One harness executed within a run, with the exploration settings it used.
CREATE TABLE IF NOT EXISTS harnesses (
  id                  INTEGER PRIMARY KEY,
  run_id              INTEGER NOT NULL REFERENCES runs(id),
  name                TEXT NOT NULL,
  source              TEXT,                -- harness file or program
  depth               INTEGER NOT NULL,
  max_states          INTEGER NOT NULL,
  seed                INTEGER NOT NULL,
  repeats             INTEGER NOT NULL,
  timeout_ms          INTEGER NOT NULL,
  blocking_observable INTEGER NOT NULL,
  state_space         INTEGER NOT NULL,    -- states up to depth, before sampling
  states_tried        INTEGER NOT NULL DEFAULT 0,
  executions          INTEGER NOT NULL DEFAULT 0,
  finished            INTEGER NOT NULL DEFAULT 0
);

-- The operations a harness declares.
CREATE TABLE IF NOT EXISTS ops (
  id         INTEGER PRIMARY KEY,
  harness_id INTEGER NOT NULL REFERENCES harnesses(id),
  ordinal    INTEGER NOT NULL,              -- declaration order
  name       TEXT NOT NULL,
  arity      INTEGER NOT NULL,
  returns    TEXT NOT NULL CHECK (returns IN ('value', 'unsigned', 'bool', 'pointer', 'void')),
  contract   TEXT,                          -- single-producer, single-consumer, owner-only
  domains    TEXT NOT NULL,                 -- e.g. '0..2' or '0..2, 0..1'
  UNIQUE (harness_id, name)
);

-- Initial states: the op sequence from the fresh state that built each one.
CREATE TABLE IF NOT EXISTS states (
  id         INTEGER PRIMARY KEY,
  harness_id INTEGER NOT NULL REFERENCES harnesses(id),
  ordinal    INTEGER NOT NULL,
  label      TEXT NOT NULL,                 -- 'fresh' or 'add(1); remove(0)'
  length     INTEGER NOT NULL,
  status     TEXT NOT NULL,                 -- ok, or how building it ended (crash: SIGSEGV, blocks, ...)
  digest     TEXT
);

-- Raw outcomes: one op alone, or two ops in sequence, from a state.
CREATE TABLE IF NOT EXISTS executions (
  id            INTEGER PRIMARY KEY,
  state_id      INTEGER NOT NULL REFERENCES states(id),
  first_op      INTEGER NOT NULL REFERENCES ops(id),
  first_args    TEXT NOT NULL,
  first_result  TEXT NOT NULL,
  second_op     INTEGER REFERENCES ops(id),
  second_args   TEXT,
  second_result TEXT,
  digest        TEXT,
  deterministic INTEGER NOT NULL            -- every repeat gave the same outcome
);
CREATE INDEX IF NOT EXISTS executions_by_state ON executions(state_id);

-- One verdict per pair of operations (f declared before or equal to g).
CREATE TABLE IF NOT EXISTS verdicts (
  id              INTEGER PRIMARY KEY,
  harness_id      INTEGER NOT NULL REFERENCES harnesses(id),
  f_op            INTEGER NOT NULL REFERENCES ops(id),
  g_op            INTEGER NOT NULL REFERENCES ops(id),
  verdict         TEXT NOT NULL CHECK (verdict IN
                    ('commutative', 'state-only', 'non-commutative', 'snc-split', 'snc', 'unknown')),
  direction       TEXT,                     -- non-commutative: 'f->g' or 'g->f'
  states          INTEGER NOT NULL,         -- states tried
  conflict_states INTEGER NOT NULL,         -- states where some instances do not commute
  mutual_states   INTEGER NOT NULL,         -- states with a same-state mutual influence
  f_to_g_states   INTEGER NOT NULL,         -- states where f influences g
  g_to_f_states   INTEGER NOT NULL,
  crash_states    INTEGER NOT NULL,         -- states where an execution crashed or exited
  blocked_states  INTEGER NOT NULL,         -- states where an execution did not return in time
  deterministic   INTEGER NOT NULL,
  contract        TEXT
);

-- The evidence behind a verdict: a state, the two calls and the four returns.
CREATE TABLE IF NOT EXISTS witnesses (
  id         INTEGER PRIMARY KEY,
  verdict_id INTEGER NOT NULL REFERENCES verdicts(id),
  role       TEXT NOT NULL CHECK (role IN ('mutual', 'f->g', 'g->f', 'state-only', 'nondeterminism')),
  state      TEXT NOT NULL,
  f_call     TEXT NOT NULL,
  g_call     TEXT NOT NULL,
  f_alone    TEXT NOT NULL,
  g_alone    TEXT NOT NULL,
  f_after_g  TEXT NOT NULL,
  g_after_f  TEXT NOT NULL,
  digest_fg  TEXT,
  digest_gf  TEXT
);
CREATE INDEX IF NOT EXISTS witnesses_by_verdict ON witnesses(verdict_id);

-- ---------------------------------------------------------------------------------------
-- Views: the documented interface.

CREATE VIEW IF NOT EXISTS run_summary AS
SELECT id AS run_id, command, target, tool_version, started_at, finished_at,
       CASE WHEN finished_at IS NULL THEN 'unfinished' ELSE status END AS status,
       exit_code
FROM runs;

CREATE VIEW IF NOT EXISTS pair_verdicts AS
SELECT h.run_id, h.name AS harness, fo.name AS f, go.name AS g, v.verdict, v.direction,
       v.states, v.conflict_states, v.deterministic, v.contract,
       w.state AS witness_state,
       CASE WHEN w.id IS NULL THEN NULL ELSE w.f_call || ', ' || w.g_call END AS witness_args,
       w.f_alone, w.g_alone, w.f_after_g, w.g_after_f,
       v.crash_states, v.blocked_states, v.id AS verdict_id
FROM verdicts v
JOIN harnesses h ON h.id = v.harness_id
JOIN ops fo ON fo.id = v.f_op
JOIN ops go ON go.id = v.g_op
LEFT JOIN witnesses w ON w.id = (
  SELECT w2.id FROM witnesses w2 WHERE w2.verdict_id = v.id
  ORDER BY CASE w2.role WHEN 'mutual' THEN 0 WHEN 'f->g' THEN 1 WHEN 'g->f' THEN 2
                        WHEN 'state-only' THEN 3 ELSE 4 END, w2.id LIMIT 1);

CREATE VIEW IF NOT EXISTS op_outcomes AS
SELECT h.run_id, h.name AS harness, s.label AS state, s.ordinal AS state_ordinal,
       f.name AS first_op, e.first_args, e.first_result,
       g.name AS second_op, e.second_args, e.second_result,
       e.digest, e.deterministic
FROM executions e
JOIN states s ON s.id = e.state_id
JOIN harnesses h ON h.id = s.harness_id
JOIN ops f ON f.id = e.first_op
LEFT JOIN ops g ON g.id = e.second_op;
