-- snc database schema, version 2 (1 + the scan section; upgrading re-runs this script).
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

-- Runs stopped by a signal (SIGTERM, SIGINT, SIGHUP) that cleaned up after themselves
-- (version 8): run_summary says 'interrupted' for them.
CREATE TABLE IF NOT EXISTS run_interruptions (
  run_id  INTEGER PRIMARY KEY REFERENCES runs(id),
  signal  TEXT NOT NULL,                   -- SIGTERM, SIGINT, SIGHUP
  at      TEXT NOT NULL                    -- UTC, ISO 8601
);

-- Where a run comes from (version 14): the source revision it ran on, its options (the
-- command line without --shard and --db), and for `--shard K/N` which part of the job it
-- did (skipped = 1: none of it fell to this shard; schedules_only = 1: only the schedules
-- of the pairs that fell to it). `snc merge` checks these and records
-- how many shard runs a merged run combines (merged_from).
CREATE TABLE IF NOT EXISTS run_origins (
  run_id          INTEGER PRIMARY KEY REFERENCES runs(id),
  source_revision TEXT,                    -- `git describe --always --dirty`, NULL outside git
  options         TEXT NOT NULL,
  shard_index     INTEGER,                 -- K of --shard K/N, NULL when not sharded
  shard_count     INTEGER,                 -- N
  skipped         INTEGER NOT NULL DEFAULT 0,
  schedules_only  INTEGER NOT NULL DEFAULT 0,  -- 1: a harness another shard runs, classified
                                           -- here only to explore this shard's pairs
  merged_from     INTEGER                  -- shard runs merged into this one
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
  finished            INTEGER NOT NULL DEFAULT 0,
  library_threads     INTEGER NOT NULL DEFAULT 0   -- threads of the library's own in a built
                                                   -- state, which no forked execution has
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

DROP VIEW IF EXISTS run_summary;   -- version 8: 'interrupted'; 12: shard, source_revision
CREATE VIEW run_summary AS
SELECT id AS run_id, command, target, tool_version, started_at, finished_at,
       CASE WHEN EXISTS (SELECT 1 FROM run_interruptions i WHERE i.run_id = runs.id)
            THEN 'interrupted'
            WHEN finished_at IS NULL THEN 'unfinished' ELSE status END AS status,
       exit_code,
       (SELECT o.shard_index || '/' || o.shard_count FROM run_origins o
        WHERE o.run_id = runs.id) AS shard,
       (SELECT o.source_revision FROM run_origins o WHERE o.run_id = runs.id) AS source_revision,
       (SELECT o.merged_from FROM run_origins o WHERE o.run_id = runs.id) AS merged_from
FROM runs;

-- (pair_verdicts gets the schedule columns in the schedules section at the end.)
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

-- ---------------------------------------------------------------------------------------
-- scan (snc scan)
--
-- What the analyzer (analyzer/, libclang) found in C sources. Every scan run holds its
-- complete results: a rescan that skips unchanged units copies their facts forward into
-- the new run, so a run never needs an older one to be read. The scan_* views below are
-- the interface (docs/db.md); the scanned_* tables are storage.

-- Every file a scan read (sources and the headers they include), with its content hash.
CREATE TABLE IF NOT EXISTS scanned_files (
  id      INTEGER PRIMARY KEY,
  run_id  INTEGER NOT NULL REFERENCES runs(id),
  path    TEXT NOT NULL,                    -- absolute
  hash    TEXT NOT NULL,                    -- XXH3-128 of the content, hex
  UNIQUE (run_id, path)
);
CREATE INDEX IF NOT EXISTS scanned_files_by_path ON scanned_files(path);

-- Translation units: a source file with the flags it was parsed with.
CREATE TABLE IF NOT EXISTS scanned_units (
  id          INTEGER PRIMARY KEY,
  run_id      INTEGER NOT NULL REFERENCES runs(id),
  file_id     INTEGER NOT NULL REFERENCES scanned_files(id),
  directory   TEXT NOT NULL,
  flags       TEXT NOT NULL,                -- one flag per line
  flags_hash  TEXT NOT NULL,                -- of directory and flags
  status      TEXT NOT NULL CHECK (status IN ('parsed', 'errors', 'failed')),
  reused_from INTEGER REFERENCES scanned_units(id)  -- not parsed again: facts copied from it
);
CREATE INDEX IF NOT EXISTS scanned_units_by_file ON scanned_units(file_id);
CREATE INDEX IF NOT EXISTS scanned_units_by_run ON scanned_units(run_id);

-- The files each unit read: a unit is reused only if none of them changed.
CREATE TABLE IF NOT EXISTS scanned_unit_files (
  unit_id INTEGER NOT NULL REFERENCES scanned_units(id),
  file_id INTEGER NOT NULL REFERENCES scanned_files(id),
  PRIMARY KEY (unit_id, file_id)
) WITHOUT ROWID;

-- Error and fatal diagnostics of a unit (a unit with errors is still scanned as far as
-- clang could recover it).
CREATE TABLE IF NOT EXISTS scanned_diagnostics (
  id       INTEGER PRIMARY KEY,
  unit_id  INTEGER NOT NULL REFERENCES scanned_units(id),
  file     TEXT,
  line     INTEGER NOT NULL,
  "column" INTEGER NOT NULL,
  severity TEXT NOT NULL CHECK (severity IN ('error', 'fatal')),
  message  TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS scanned_diagnostics_by_unit ON scanned_diagnostics(unit_id);

-- Function definitions, one per USR and run (a header function seen from many units is
-- one row), with the counts the model derived.
CREATE TABLE IF NOT EXISTS scanned_functions (
  id                     INTEGER PRIMARY KEY,
  run_id                 INTEGER NOT NULL REFERENCES runs(id),
  usr                    TEXT NOT NULL,
  name                   TEXT NOT NULL,
  file_id                INTEGER NOT NULL REFERENCES scanned_files(id),
  line                   INTEGER NOT NULL,
  signature              TEXT NOT NULL,
  return_type            TEXT NOT NULL,
  params                 TEXT NOT NULL,
  nparams                INTEGER NOT NULL,
  returns_value          INTEGER NOT NULL,
  linkage                TEXT NOT NULL CHECK (linkage IN ('extern', 'static', 'inline-header')),
  system                 INTEGER NOT NULL,   -- defined in a system header
  api                    INTEGER NOT NULL,   -- takes part in candidate pairs
  heavyweight_sites      INTEGER NOT NULL,   -- its own
  light_sites            INTEGER NOT NULL,
  transitive_heavyweight INTEGER NOT NULL,   -- its own and its callees'
  callers_use            INTEGER NOT NULL,   -- call sites that use the returned value
  callers_discard        INTEGER NOT NULL,   -- call sites that discard it
  UNIQUE (run_id, usr)
);

-- Which functions each unit defines (for loading a reused unit back). A unit copied by an
-- unchanged rescan has none: its functions are those of the unit it was copied from
-- (reused_from, followed back to a unit that has them).
CREATE TABLE IF NOT EXISTS scanned_unit_functions (
  unit_id     INTEGER NOT NULL REFERENCES scanned_units(id),
  function_id INTEGER NOT NULL REFERENCES scanned_functions(id),
  PRIMARY KEY (unit_id, function_id)
) WITHOUT ROWID;

-- Shared state a function reads or writes: directly (line set, via NULL) or through a
-- callee (via_id: the first callee on the way).
CREATE TABLE IF NOT EXISTS scanned_accesses (
  id          INTEGER PRIMARY KEY,
  function_id INTEGER NOT NULL REFERENCES scanned_functions(id),
  state_key   TEXT NOT NULL,                -- a variable's USR or 'record.field'
  state       TEXT NOT NULL,                -- 'count', 'mutex_set.present'
  mode        TEXT NOT NULL CHECK (mode IN ('read', 'write')),
  line        INTEGER,
  via_id      INTEGER REFERENCES scanned_functions(id)
);
CREATE INDEX IF NOT EXISTS scanned_accesses_by_function ON scanned_accesses(function_id);

-- Call sites: callee_id is set when the callee is defined in the scanned code.
CREATE TABLE IF NOT EXISTS scanned_calls (
  id          INTEGER PRIMARY KEY,
  function_id INTEGER NOT NULL REFERENCES scanned_functions(id),
  callee_id   INTEGER REFERENCES scanned_functions(id),
  callee_usr  TEXT NOT NULL,
  callee      TEXT NOT NULL,
  line        INTEGER NOT NULL,
  "column"    INTEGER NOT NULL,
  value_used  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS scanned_calls_by_function ON scanned_calls(function_id);

-- (version 17) Functions a function names without calling them: an address taken, a
-- callback passed (rculfqueue's free_dummy_cb handed to call_rcu) or stored. target_id is
-- set when the target is defined in the scanned code.
CREATE TABLE IF NOT EXISTS scanned_references (
  id          INTEGER PRIMARY KEY,
  function_id INTEGER NOT NULL REFERENCES scanned_functions(id),
  target_id   INTEGER REFERENCES scanned_functions(id),
  target_usr  TEXT NOT NULL,
  target      TEXT NOT NULL,
  line        INTEGER NOT NULL,
  "column"    INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS scanned_references_by_function ON scanned_references(function_id);

-- Synchronization sites where they are written (a macro's at the line that uses it).
CREATE TABLE IF NOT EXISTS scanned_sites (
  id           INTEGER PRIMARY KEY,
  function_id  INTEGER NOT NULL REFERENCES scanned_functions(id),
  kind         TEXT NOT NULL CHECK (kind IN ('rmw', 'fence', 'seq_cst-store', 'lock', 'light')),
  op           TEXT NOT NULL,               -- __atomic_fetch_add, ++, asm lock cmpxchgq, ...
  memory_order TEXT,
  macro        TEXT,                        -- the macro used at that line, if any
  line         INTEGER NOT NULL,
  "column"     INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS scanned_sites_by_function ON scanned_sites(function_id);

-- (version 7) What a site's weight was computed from: the argument its memory order (or
-- the branch holding it) depends on, and, for a site of a static or inline callee walked
-- at a call with constant arguments, the callees it was reached through (the site is then
-- the caller's, at the call). Only sites with either have a row.
CREATE TABLE IF NOT EXISTS scanned_site_origins (
  site_id     INTEGER PRIMARY KEY REFERENCES scanned_sites(id),
  order_param INTEGER,                      -- 1-based argument N of the site's function
  via         TEXT                          -- 'fence_after_atomic', 'g -> h'
);

-- (version 7) Calls resolved at constant arguments: the callee (static or inline) was
-- walked with them, its sites and calls became the caller's (with via set), and its own
-- are not followed through this call. A call with via set is one such callee made,
-- reported at the resolved call. Only calls with either have a row.
CREATE TABLE IF NOT EXISTS scanned_call_origins (
  call_id  INTEGER PRIMARY KEY REFERENCES scanned_calls(id),
  resolved INTEGER NOT NULL,                -- 1: the callee was walked at this call
  via      TEXT                             -- 'g', 'g -> h': made by that callee
);

-- Functions with heavyweight sites that a function reaches (itself at distance 0), with
-- one shortest call path.
CREATE TABLE IF NOT EXISTS scanned_reach (
  function_id INTEGER NOT NULL REFERENCES scanned_functions(id),
  target_id   INTEGER NOT NULL REFERENCES scanned_functions(id),
  distance    INTEGER NOT NULL,
  path        TEXT NOT NULL,                -- 'f -> g -> target'
  PRIMARY KEY (function_id, target_id)
) WITHOUT ROWID;

-- (version 15) Arguments that fold to constants at call sites the unit did not resolve
-- (integers and enums): what a variant of a callee defined in another unit is resolved
-- by; and arguments that pass the caller's own parameter on.
CREATE TABLE IF NOT EXISTS scanned_call_arguments (
  call_id      INTEGER NOT NULL REFERENCES scanned_calls(id),
  position     INTEGER NOT NULL,            -- 1-based argument N
  value        INTEGER,                     -- the constant, NULL when caller_param is set
  caller_param INTEGER,                     -- 1-based: the caller's argument passed as it is
  PRIMARY KEY (call_id, position)
) WITHOUT ROWID;

-- (version 15) A function that is not static, whose sites depend on its argument N (a
-- memory order, or a branch on it), walked again with that argument bound to each value
-- of its enum type (or each C11 order for an integer): its sites and calls at that value.
CREATE TABLE IF NOT EXISTS scanned_variants (
  id           INTEGER PRIMARY KEY,
  function_id  INTEGER NOT NULL REFERENCES scanned_functions(id),
  order_param  INTEGER NOT NULL,            -- 1-based argument N
  value        INTEGER NOT NULL,
  memory_order TEXT,                        -- what the dependent sites take at this value
  heavyweight  INTEGER NOT NULL,            -- heavyweight sites a call at this value reaches
  derived      INTEGER NOT NULL             -- 1: the model's, for a function passing argument
                                            -- N on to one with variants (not a unit fact)
);
CREATE INDEX IF NOT EXISTS scanned_variants_by_function ON scanned_variants(function_id);

CREATE TABLE IF NOT EXISTS scanned_variant_sites (
  id           INTEGER PRIMARY KEY,
  variant_id   INTEGER NOT NULL REFERENCES scanned_variants(id),
  kind         TEXT NOT NULL CHECK (kind IN ('rmw', 'fence', 'seq_cst-store', 'lock', 'light')),
  op           TEXT NOT NULL,
  memory_order TEXT,
  macro        TEXT,
  line         INTEGER NOT NULL,
  "column"     INTEGER NOT NULL,
  order_param  INTEGER,                     -- another argument it still depends on
  via          TEXT                         -- a static helper walked at the bound value
);
CREATE INDEX IF NOT EXISTS scanned_variant_sites_by_variant ON scanned_variant_sites(variant_id);

CREATE TABLE IF NOT EXISTS scanned_variant_calls (
  id          INTEGER PRIMARY KEY,
  variant_id  INTEGER NOT NULL REFERENCES scanned_variants(id),
  callee_usr  TEXT NOT NULL,
  callee      TEXT NOT NULL,
  line        INTEGER NOT NULL,
  "column"    INTEGER NOT NULL,
  value_used  INTEGER NOT NULL,
  resolved    INTEGER NOT NULL,             -- a static helper walked at the bound value
  via         TEXT,
  arguments   TEXT                          -- constant arguments, 'N=value' space separated
);
CREATE INDEX IF NOT EXISTS scanned_variant_calls_by_variant ON scanned_variant_calls(variant_id);

-- (version 15) Calls resolved to a variant of their callee (the model's, after every unit
-- is loaded): the callee's sites and calls at that constant are what the call reaches.
CREATE TABLE IF NOT EXISTS scanned_call_resolutions (
  call_id    INTEGER PRIMARY KEY REFERENCES scanned_calls(id),
  variant_id INTEGER NOT NULL REFERENCES scanned_variants(id)
);

-- (version 15) Variants with heavyweight sites that a function reaches through resolved
-- calls, with one shortest call path (the variant's function last).
CREATE TABLE IF NOT EXISTS scanned_variant_reach (
  function_id INTEGER NOT NULL REFERENCES scanned_functions(id),
  variant_id  INTEGER NOT NULL REFERENCES scanned_variants(id),
  distance    INTEGER NOT NULL,
  path        TEXT NOT NULL,
  PRIMARY KEY (function_id, variant_id)
) WITHOUT ROWID;

-- (version 13) The shared-state lists of pairs, each distinct list once for every run: the
-- pairs of a large code base repeat a few hundred lists tens of thousands of times.
CREATE TABLE IF NOT EXISTS scanned_state_lists (
  id    INTEGER PRIMARY KEY,
  names TEXT NOT NULL UNIQUE                -- state names, ', ' separated
);

-- Candidate pairs of API functions that share state some function writes (f <= g).
-- (Before version 13 the list was a text column, shared_state; upgrade.c moves it.)
CREATE TABLE IF NOT EXISTS scanned_pairs (
  id              INTEGER PRIMARY KEY,
  run_id          INTEGER NOT NULL REFERENCES runs(id),
  f_id            INTEGER NOT NULL REFERENCES scanned_functions(id),
  g_id            INTEGER NOT NULL REFERENCES scanned_functions(id),
  static_class    TEXT NOT NULL CHECK (static_class IN
                    ('never-snc', 'read-read', 'one-way', 'snc-candidate')),
  shared_state_id INTEGER NOT NULL REFERENCES scanned_state_lists(id),
  heavyweight_f   INTEGER NOT NULL,         -- transitive heavyweight sites of f
  heavyweight_g   INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS scanned_pairs_by_run ON scanned_pairs(run_id);

CREATE VIEW IF NOT EXISTS scan_units AS
SELECT u.run_id, fl.path AS file, u.status, u.reused_from IS NOT NULL AS reused,
       (SELECT count(*) FROM scanned_diagnostics d WHERE d.unit_id = u.id) AS diagnostics,
       replace(u.flags, char(10), ' ') AS flags, u.id AS unit_id
FROM scanned_units u JOIN scanned_files fl ON fl.id = u.file_id;

CREATE VIEW IF NOT EXISTS scan_functions AS
SELECT f.run_id, fl.path AS file, f.line, f.name, f.returns_value, f.linkage,
       f.heavyweight_sites, f.transitive_heavyweight, f.signature, f.return_type, f.params,
       f.light_sites, f.callers_use, f.callers_discard, f.system, f.api, f.usr,
       f.id AS function_id
FROM scanned_functions f JOIN scanned_files fl ON fl.id = f.file_id;

CREATE VIEW IF NOT EXISTS scan_pairs AS
SELECT p.run_id, f.name AS f, g.name AS g, l.names AS shared_state, p.static_class,
       p.heavyweight_f, p.heavyweight_g,
       f.callers_use AS f_callers_use, f.callers_discard AS f_callers_discard,
       g.callers_use AS g_callers_use, g.callers_discard AS g_callers_discard,
       ff.path AS f_file, gf.path AS g_file, p.id AS pair_id
FROM scanned_pairs p
JOIN scanned_state_lists l ON l.id = p.shared_state_id
JOIN scanned_functions f ON f.id = p.f_id
JOIN scanned_functions g ON g.id = p.g_id
JOIN scanned_files ff ON ff.id = f.file_id
JOIN scanned_files gf ON gf.id = g.file_id;

CREATE VIEW IF NOT EXISTS scan_sites AS
SELECT f.run_id, f.name AS function, s.kind, s.op, s.memory_order, s.macro,
       fl.path AS file, s.line, s."column", s.id AS site_id
FROM scanned_sites s
JOIN scanned_functions f ON f.id = s.function_id
JOIN scanned_files fl ON fl.id = f.file_id;

CREATE VIEW IF NOT EXISTS scan_site_origins AS
SELECT f.run_id, f.name AS function, s.kind, s.op, s.memory_order, o.order_param, o.via,
       s.line, s."column", s.id AS site_id
FROM scanned_site_origins o
JOIN scanned_sites s ON s.id = o.site_id
JOIN scanned_functions f ON f.id = s.function_id;

-- (version 15) with the sites of variants reached through resolved calls (site_id then
-- is minus the scanned_variant_sites id)
CREATE VIEW IF NOT EXISTS scan_heavyweight AS
SELECT f.run_id, f.name AS function, s.kind, s.op, s.memory_order, s.macro,
       t.name AS site_function, fl.path AS file, s.line, s."column", r.distance, r.path,
       s.id AS site_id
FROM scanned_reach r
JOIN scanned_functions f ON f.id = r.function_id
JOIN scanned_functions t ON t.id = r.target_id
JOIN scanned_sites s ON s.function_id = t.id AND s.kind <> 'light'
JOIN scanned_files fl ON fl.id = t.file_id
UNION ALL
SELECT f.run_id, f.name, s.kind, s.op, s.memory_order, s.macro, t.name, fl.path, s.line,
       s."column", r.distance, r.path, -s.id
FROM scanned_variant_reach r
JOIN scanned_functions f ON f.id = r.function_id
JOIN scanned_variants v ON v.id = r.variant_id
JOIN scanned_functions t ON t.id = v.function_id
JOIN scanned_variant_sites s ON s.variant_id = v.id AND s.kind <> 'light'
JOIN scanned_files fl ON fl.id = t.file_id;

-- (version 15) Calls of functions that have variants: resolved to the variant of the
-- constant passed for argument N (value, memory_order, heavyweight at it), or not (a
-- value that is not constant: the callee's own, cautious weight; passed_on: the caller's
-- own argument it passes, so the caller's weight depends on that argument).
CREATE VIEW IF NOT EXISTS scan_call_orders AS
SELECT f.run_id, f.name AS caller, c.callee, fl.path AS file, c.line, c."column",
       coalesce(v.order_param, (SELECT min(x.order_param) FROM scanned_variants x
                                WHERE x.function_id = c.callee_id)) AS argument,
       v.value, v.memory_order, r.call_id IS NOT NULL AS resolved,
       coalesce(v.heavyweight, g.transitive_heavyweight) AS heavyweight,
       (SELECT a.caller_param FROM scanned_call_arguments a WHERE a.call_id = c.id
        AND a.position = (SELECT min(x.order_param) FROM scanned_variants x
                          WHERE x.function_id = c.callee_id)) AS passed_on,
       c.id AS call_id
FROM scanned_calls c
JOIN scanned_functions f ON f.id = c.function_id
JOIN scanned_functions g ON g.id = c.callee_id
JOIN scanned_files fl ON fl.id = f.file_id
LEFT JOIN scanned_call_resolutions r ON r.call_id = c.id
LEFT JOIN scanned_variants v ON v.id = r.variant_id
WHERE EXISTS (SELECT 1 FROM scanned_variants x WHERE x.function_id = c.callee_id);

-- (version 15) The variants of each function.
CREATE VIEW IF NOT EXISTS scan_variants AS
SELECT f.run_id, f.name AS function, v.order_param AS argument, v.value, v.memory_order,
       v.heavyweight, v.derived,
       (SELECT group_concat(kind || ' ' || op || coalesce(' ' || memory_order, ''), '; ')
        FROM (SELECT * FROM scanned_variant_sites s WHERE s.variant_id = v.id ORDER BY s.id))
         AS sites,
       v.id AS variant_id
FROM scanned_variants v JOIN scanned_functions f ON f.id = v.function_id;

CREATE VIEW IF NOT EXISTS scan_state AS
SELECT f.run_id, f.name AS function, a.state, a.mode, a.line, v.name AS via
FROM scanned_accesses a
JOIN scanned_functions f ON f.id = a.function_id
LEFT JOIN scanned_functions v ON v.id = a.via_id;

CREATE VIEW IF NOT EXISTS scan_calls AS
SELECT f.run_id, f.name AS caller, c.callee, c.callee_id IS NOT NULL AS defined,
       fl.path AS file, c.line, c."column", c.value_used
FROM scanned_calls c
JOIN scanned_functions f ON f.id = c.function_id
JOIN scanned_files fl ON fl.id = f.file_id;

CREATE VIEW IF NOT EXISTS scan_references AS
SELECT f.run_id, f.name AS function, r.target, r.target_id IS NOT NULL AS defined,
       fl.path AS file, r.line, r."column"
FROM scanned_references r
JOIN scanned_functions f ON f.id = r.function_id
JOIN scanned_files fl ON fl.id = f.file_id;

CREATE VIEW IF NOT EXISTS scan_diagnostics AS
SELECT u.run_id, fl.path AS unit, d.file, d.line, d."column", d.severity, d.message
FROM scanned_diagnostics d
JOIN scanned_units u ON u.id = d.unit_id
JOIN scanned_files fl ON fl.id = u.file_id;

-- ---------------------------------------------------------------------------------------
-- findings (snc report/gate)
--
-- What a reviewer sees (docs/findings.md): one row per finding, computed from the facts as
-- of a run by `snc report` and `snc gate`, each of which replaces the run's rows. The
-- `findings` view is the interface; `intentional` findings carry the reason written next
-- to the function in the source and do not count for the gate.

-- Each distinct evidence text once (schema 16): the findings of one run are mostly those of
-- the run before it, and an evidence can run to hundreds of kilobytes. A record with an
-- evidence_id has '' in its own evidence column; the view reads the text from here.
CREATE TABLE IF NOT EXISTS finding_evidence (
  id   INTEGER PRIMARY KEY,
  hash INTEGER NOT NULL,                    -- XXH3 64 of the text, as a signed integer
  text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS finding_evidence_by_hash ON finding_evidence(hash);

CREATE TABLE IF NOT EXISTS finding_records (
  id          INTEGER PRIMARY KEY,
  run_id      INTEGER NOT NULL REFERENCES runs(id),
  rule        TEXT NOT NULL,
  severity    TEXT NOT NULL CHECK (severity IN ('error', 'warning', 'note')),
  fingerprint TEXT NOT NULL,                -- rule + function names + shared state, hashed
  subject     TEXT NOT NULL,                -- 'f x g in harness', 'f in harness'
  message     TEXT NOT NULL,
  evidence    TEXT NOT NULL,                -- lines: witness, schedule, counts, call path
  file        TEXT,
  line        INTEGER,
  harness     TEXT,
  f           TEXT,
  g           TEXT,
  intentional INTEGER NOT NULL DEFAULT 0,
  reason      TEXT,
  evidence_id INTEGER REFERENCES finding_evidence(id)   -- the evidence, when stored there
);
CREATE INDEX IF NOT EXISTS finding_records_by_run ON finding_records(run_id);

CREATE VIEW IF NOT EXISTS findings AS
SELECT r.run_id, r.rule, r.severity, r.fingerprint, r.subject, r.message, r.file, r.line,
       r.harness, r.f, r.g, r.intentional, r.reason,
       coalesce((SELECT e.text FROM finding_evidence e WHERE e.id = r.evidence_id),
                r.evidence) AS evidence
FROM finding_records r;

-- ---------------------------------------------------------------------------------------
-- measured costs (snc run --measure)
--
-- What the snc Valgrind tool counted when a harness program measured its operations
-- (docs/measure.md). Per harness one `measurements` row says whether and how it was
-- measured. Per operation, two *phases* of calls from the states the classifier explored:
-- `first`, the first call of an instance from a state (the solo execution that was
-- classified), and `loop`, the calls of the same instance that follow it in one process
-- (what a caller pays in a loop: one-time costs are gone, batched costs are amortized).
-- Heavyweight instructions = atomic read-modify-writes + full fences. For every `snc`
-- verdict, the solo executions of both calls from the witness state are re-run with the
-- Laws of Order patterns tracked (AWAR, RAW). The views op_costs, measured_sites,
-- verdict_evidence and cost_measurements are the interface.

CREATE TABLE IF NOT EXISTS measurements (
  id         INTEGER PRIMARY KEY,
  harness_id INTEGER NOT NULL REFERENCES harnesses(id),
  status     TEXT NOT NULL CHECK (status IN ('measured', 'unavailable', 'failed')),
  reason     TEXT,                          -- why not measured (one line)
  states     INTEGER NOT NULL DEFAULT 0,    -- states measured from
  loop_calls INTEGER NOT NULL DEFAULT 0,    -- loop calls after each first call
  seconds    REAL                           -- wall time of the measure pass
);
CREATE INDEX IF NOT EXISTS measurements_by_harness ON measurements(harness_id);

-- What one operation executed, summed over its calls, per phase.
CREATE TABLE IF NOT EXISTS measured_ops (
  id                      INTEGER PRIMARY KEY,
  measurement_id          INTEGER NOT NULL REFERENCES measurements(id),
  op_id                   INTEGER NOT NULL REFERENCES ops(id),
  calls                   INTEGER NOT NULL, -- loop phase
  instructions            INTEGER NOT NULL,
  rmw                     INTEGER NOT NULL,
  fences                  INTEGER NOT NULL, -- full fences (mfence)
  light_fences            INTEGER NOT NULL, -- lfence, sfence, cpuid
  heavyweight_calls       INTEGER NOT NULL, -- calls that executed an RMW or a full fence
  first_calls             INTEGER NOT NULL, -- first phase
  first_instructions      INTEGER NOT NULL,
  first_rmw               INTEGER NOT NULL,
  first_fences            INTEGER NOT NULL,
  first_light_fences      INTEGER NOT NULL,
  first_heavyweight_calls INTEGER NOT NULL,
  UNIQUE (measurement_id, op_id)
);

-- Heavyweight instructions by code site, as the tool resolved them (up to 8 per call).
CREATE TABLE IF NOT EXISTS measured_op_sites (
  id             INTEGER PRIMARY KEY,
  measured_op_id INTEGER NOT NULL REFERENCES measured_ops(id),
  phase          TEXT NOT NULL CHECK (phase IN ('first', 'loop')),
  kind           TEXT NOT NULL,             -- lock cmpxchg, lock xadd, xchg, mfence, ...
  function       TEXT,
  file           TEXT,
  line           INTEGER,
  caller         TEXT,                      -- where the program entered that code
  caller_file    TEXT,
  caller_line    INTEGER,
  count          INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS measured_op_sites_by_op ON measured_op_sites(measured_op_id);

-- The Laws of Order patterns in the solo executions of an snc verdict's witness calls.
CREATE TABLE IF NOT EXISTS verdict_patterns (
  id                   INTEGER PRIMARY KEY,
  verdict_id           INTEGER NOT NULL REFERENCES verdicts(id),
  role                 TEXT NOT NULL CHECK (role IN ('f', 'g')),
  op_id                INTEGER NOT NULL REFERENCES ops(id),
  state                TEXT NOT NULL,       -- the witness state
  call                 TEXT NOT NULL,       -- the witness call of this op
  instructions         INTEGER NOT NULL,
  rmw                  INTEGER NOT NULL,
  fences               INTEGER NOT NULL,
  awar                 INTEGER NOT NULL,    -- atomic RMWs on shared memory
  raw_unfenced         INTEGER NOT NULL,    -- store A, load B, no full fence between
  raw_fenced           INTEGER NOT NULL,    -- the same with a full fence between
  awar_example         TEXT,
  raw_fenced_example   TEXT,
  raw_unfenced_example TEXT
);
CREATE INDEX IF NOT EXISTS verdict_patterns_by_verdict ON verdict_patterns(verdict_id);

CREATE VIEW IF NOT EXISTS cost_measurements AS
SELECT h.run_id, h.name AS harness, m.status, m.reason, m.states, m.loop_calls, m.seconds,
       m.id AS measurement_id
FROM measurements m JOIN harnesses h ON h.id = m.harness_id;

CREATE VIEW IF NOT EXISTS op_costs AS
SELECT h.run_id, h.name AS harness, o.name AS op, c.calls,
       c.instructions * 1.0 / c.calls AS instructions_per_call,
       c.rmw * 1.0 / c.calls AS rmw_per_call,
       c.fences * 1.0 / c.calls AS fences_per_call,
       c.heavyweight_calls * 1.0 / c.calls AS heavyweight_call_share,
       c.first_calls,
       c.first_instructions * 1.0 / c.first_calls AS first_instructions_per_call,
       c.first_rmw * 1.0 / c.first_calls AS first_rmw_per_call,
       c.first_fences * 1.0 / c.first_calls AS first_fences_per_call,
       c.first_heavyweight_calls * 1.0 / c.first_calls AS first_heavyweight_call_share,
       c.light_fences * 1.0 / c.calls AS light_fences_per_call,
       o.ordinal AS op_ordinal, c.id AS measured_op_id
FROM measured_ops c
JOIN measurements m ON m.id = c.measurement_id
JOIN harnesses h ON h.id = m.harness_id
JOIN ops o ON o.id = c.op_id;

CREATE VIEW IF NOT EXISTS measured_sites AS
SELECT h.run_id, h.name AS harness, o.name AS op, s.phase, s.kind, s.function, s.file,
       s.line, s.caller, s.caller_file, s.caller_line, s.count,
       s.count * 1.0 / CASE s.phase WHEN 'loop' THEN c.calls ELSE c.first_calls END AS per_call,
       c.id AS measured_op_id
FROM measured_op_sites s
JOIN measured_ops c ON c.id = s.measured_op_id
JOIN measurements m ON m.id = c.measurement_id
JOIN harnesses h ON h.id = m.harness_id
JOIN ops o ON o.id = c.op_id;

CREATE VIEW IF NOT EXISTS verdict_evidence AS
SELECT h.run_id, h.name AS harness, fo.name AS f, go.name AS g, p.role, o.name AS op,
       p.state, p.call, p.awar, p.raw_unfenced, p.raw_fenced, p.rmw, p.fences,
       p.instructions,
       coalesce(p.awar_example, p.raw_fenced_example, p.raw_unfenced_example) AS example,
       p.awar_example, p.raw_fenced_example, p.raw_unfenced_example, v.id AS verdict_id
FROM verdict_patterns p
JOIN verdicts v ON v.id = p.verdict_id
JOIN harnesses h ON h.id = v.harness_id
JOIN ops fo ON fo.id = v.f_op
JOIN ops go ON go.id = v.g_op
JOIN ops o ON o.id = p.op_id;

-- ---------------------------------------------------------------------------------------
-- audits (snc audit)
--
-- An audit's run holds its scan and the verdicts of every harness it generated; these rows
-- say what it did with each header, object family and function: `audited` (a family whose
-- harness ran; detail: how its initial state is built), `skipped` or `failed` (detail:
-- why). docs/audit.md.

CREATE TABLE IF NOT EXISTS audit_records (
  id      INTEGER PRIMARY KEY,
  run_id  INTEGER NOT NULL REFERENCES runs(id),
  kind    TEXT NOT NULL CHECK (kind IN ('header', 'family', 'function')),
  name    TEXT NOT NULL,                    -- the header's path, the family's type, the function
  family  TEXT,                             -- the family concerned
  harness TEXT,                             -- the generated harness of that family, if it ran
  status  TEXT NOT NULL CHECK (status IN ('audited', 'skipped', 'failed')),
  detail  TEXT
);
CREATE INDEX IF NOT EXISTS audit_records_by_run ON audit_records(run_id);

-- Where an audit's API functions are declared (the header line a reviewer opens): findings
-- about an operation whose function the facts cannot tie to a body (a library's, declared
-- in its header; a header's inline function) point there, not at the generated harness,
-- which is gone.
CREATE TABLE IF NOT EXISTS audit_declarations (
  id      INTEGER PRIMARY KEY,
  run_id  INTEGER NOT NULL REFERENCES runs(id),
  name    TEXT NOT NULL,                    -- the function
  file    TEXT NOT NULL,
  line    INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS audit_declarations_by_run ON audit_declarations(run_id, name);

-- (audit_items, over these rows and the macros of api_aliases, is defined at the end.)

-- ---------------------------------------------------------------------------------------
-- schedules (snc run --schedules)
--
-- Concurrent runs of two operations under controlled interleavings (docs/schedules.md).
-- From each state up to --schedule-depth, every pair of instances (f on thread 0, g on
-- thread 1; f's op declared no later than g's) is one *exploration*: every schedule with at
-- most --preemptions preemptions, then --pct samples. Its distinct *outcomes* (how the run
-- ended, both returns, the digest) are stored once each, with the schedule that reached it
-- with the fewest preemptions, then the fewest steps: its id is what `snc replay` takes.
-- An outcome is linearizable when a sequential order of the two calls from the same state
-- gives it (f_then_g, g_then_f), deterministic when its schedule gave it again on a re-run.
-- hook_counts: what the hooks counted in each instance run alone from an explored state.
-- harness_builds: how `snc replay` gets the harness program back.

CREATE INDEX IF NOT EXISTS states_by_harness ON states(harness_id, ordinal);

CREATE TABLE IF NOT EXISTS schedule_explorations (
  id              INTEGER PRIMARY KEY,
  state_id        INTEGER NOT NULL REFERENCES states(id),
  f_op            INTEGER NOT NULL REFERENCES ops(id),   -- thread 0
  g_op            INTEGER NOT NULL REFERENCES ops(id),   -- thread 1
  f_call          TEXT NOT NULL,
  g_call          TEXT NOT NULL,
  f_then_g        TEXT NOT NULL,            -- the sequential outcomes compared with
  g_then_f        TEXT NOT NULL,
  schedules       INTEGER NOT NULL,         -- schedules run
  blocking_schedules INTEGER NOT NULL,      -- ... in which a thread waited (blocked, spun)
  max_preemptions INTEGER NOT NULL,
  pct_samples     INTEGER NOT NULL,
  exhaustive      INTEGER NOT NULL,         -- every schedule within the bound ran, or is
                                            -- equivalent to one that ran (independent)
  independent     INTEGER NOT NULL,         -- "0" showed no conflicting access: level 0 only
  stopped_early   INTEGER NOT NULL,         -- --first-failure stopped it
  seconds         REAL NOT NULL             -- its share of the state's wall time
);
CREATE INDEX IF NOT EXISTS schedule_explorations_by_pair ON schedule_explorations(f_op, g_op);

CREATE TABLE IF NOT EXISTS schedule_outcomes (
  id                  INTEGER PRIMARY KEY,  -- the SCHEDULE-ID of snc replay
  exploration_id      INTEGER NOT NULL REFERENCES schedule_explorations(id),
  schedule            TEXT NOT NULL,        -- '0:1,1': first thread, then points between preemptions
  status              TEXT NOT NULL CHECK (status IN
                        ('completed', 'deadlock', 'livelock', 'crashed', 'timeout', 'exited', 'killed')),
  outcome             TEXT NOT NULL,        -- 'add(1) = true; add(1) = true; digest 0x...'
  linearizable        INTEGER NOT NULL,
  deterministic       INTEGER NOT NULL,
  preemptions         INTEGER NOT NULL,
  steps               INTEGER NOT NULL,     -- scheduling points passed by both threads
  schedules           INTEGER NOT NULL,     -- schedules that reached this outcome
  f_points            INTEGER NOT NULL,     -- per thread, in this schedule: points passed,
  g_points            INTEGER NOT NULL,     -- atomic RMWs, seq_cst fences, seq_cst stores,
  f_rmw               INTEGER NOT NULL,     -- lock acquisitions
  g_rmw               INTEGER NOT NULL,
  f_seq_cst_fences    INTEGER NOT NULL,
  g_seq_cst_fences    INTEGER NOT NULL,
  f_seq_cst_stores    INTEGER NOT NULL,
  g_seq_cst_stores    INTEGER NOT NULL,
  f_lock_acquisitions INTEGER NOT NULL,
  g_lock_acquisitions INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS schedule_outcomes_by_exploration ON schedule_outcomes(exploration_id);

-- The trace of a non-linearizable outcome's schedule, as its re-run recorded it (kept when
-- the re-run gave the same outcome; at most 400 entries): what `snc replay` prints, one row
-- per entry, for the HTML report's picture of the two threads.
CREATE TABLE IF NOT EXISTS schedule_steps (
  id          INTEGER PRIMARY KEY,
  outcome_id  INTEGER NOT NULL REFERENCES schedule_outcomes(id),
  ordinal     INTEGER NOT NULL,             -- its place in the trace, from 0
  thread      INTEGER NOT NULL,             -- 0 runs f, 1 runs g
  step        INTEGER NOT NULL,             -- scheduling points passed; 0: a call, fence, switch
  kind        TEXT NOT NULL,                -- read, write, load, store, rmw, cas, fence, lock,
                                            -- lock-busy, unlock, cond-wait, cond-signal, yield,
                                            -- call, switch
  access      TEXT NOT NULL,                -- 'read counter = 0', 'thread 0 preempted'
  place       TEXT,                         -- 'racy_inc fixtures.c:9'
  variable    TEXT,                         -- 'counter', 'bits+3', or the address
  address     INTEGER NOT NULL,             -- the memory touched, 0 when none
  size        INTEGER NOT NULL,
  writes      INTEGER NOT NULL              -- it writes that memory (locks write their lock)
);
CREATE INDEX IF NOT EXISTS schedule_steps_by_outcome ON schedule_steps(outcome_id, ordinal);

CREATE TABLE IF NOT EXISTS hook_counts (
  id                INTEGER PRIMARY KEY,
  state_id          INTEGER NOT NULL REFERENCES states(id),
  op_id             INTEGER NOT NULL REFERENCES ops(id),
  call              TEXT NOT NULL,
  points            INTEGER NOT NULL,
  rmw               INTEGER NOT NULL,
  seq_cst_fences    INTEGER NOT NULL,
  seq_cst_stores    INTEGER NOT NULL,
  lock_acquisitions INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS hook_counts_by_op ON hook_counts(op_id);

CREATE TABLE IF NOT EXISTS harness_builds (
  harness_id      INTEGER PRIMARY KEY REFERENCES harnesses(id),
  program         TEXT NOT NULL,            -- the program that ran
  temporary       INTEGER NOT NULL DEFAULT 0, -- snc run compiled it into a temporary folder
  compiler        TEXT,                     -- how: one item a line, paths as given
  cflags          TEXT,
  harness_source  TEXT,
  library_sources TEXT,
  directory       TEXT                      -- where the compiler ran
);

DROP VIEW IF EXISTS schedules;
CREATE VIEW schedules AS
SELECT h.run_id, h.name AS harness, fo.name AS f, go.name AS g, s.label AS state,
       o.schedule, o.outcome, o.linearizable, o.deterministic,
       o.id AS schedule_id, o.status, o.preemptions, o.steps,
       o.schedules AS schedules_with_outcome, e.f_call, e.g_call, e.f_then_g, e.g_then_f,
       o.f_points, o.g_points, o.f_rmw, o.g_rmw, o.f_seq_cst_fences, o.g_seq_cst_fences,
       o.f_seq_cst_stores, o.g_seq_cst_stores, o.f_lock_acquisitions, o.g_lock_acquisitions,
       e.id AS exploration_id, h.id AS harness_id
FROM schedule_outcomes o
JOIN schedule_explorations e ON e.id = o.exploration_id
JOIN states s ON s.id = e.state_id
JOIN harnesses h ON h.id = s.harness_id
JOIN ops fo ON fo.id = e.f_op
JOIN ops go ON go.id = e.g_op;

DROP VIEW IF EXISTS op_hook_counts;
CREATE VIEW op_hook_counts AS
SELECT h.run_id, h.name AS harness, o.name AS op, count(*) AS calls,
       avg(c.points) AS points_per_call,
       avg(c.rmw) AS rmw_per_call,
       avg(c.seq_cst_fences) AS seq_cst_fences_per_call,
       avg(c.seq_cst_stores) AS seq_cst_stores_per_call,
       avg(c.rmw + c.seq_cst_fences + c.seq_cst_stores) AS heavyweight_per_call,
       avg(c.lock_acquisitions) AS lock_acquisitions_per_call,
       o.ordinal AS op_ordinal, o.id AS op_id
FROM hook_counts c
JOIN ops o ON o.id = c.op_id
JOIN harnesses h ON h.id = o.harness_id
GROUP BY c.op_id;

-- pair_verdicts, with what the schedules found (NULL when the pair was not explored).
DROP VIEW IF EXISTS pair_verdicts;
CREATE VIEW pair_verdicts AS
SELECT h.run_id, h.name AS harness, fo.name AS f, go.name AS g, v.verdict, v.direction,
       v.states, v.conflict_states, v.deterministic, v.contract,
       w.state AS witness_state,
       CASE WHEN w.id IS NULL THEN NULL ELSE w.f_call || ', ' || w.g_call END AS witness_args,
       w.f_alone, w.g_alone, w.f_after_g, w.g_after_f,
       v.crash_states, v.blocked_states, v.id AS verdict_id,
       (SELECT min(o.linearizable) FROM schedule_explorations e
        JOIN schedule_outcomes o ON o.exploration_id = e.id
        WHERE e.f_op = v.f_op AND e.g_op = v.g_op) AS linearizable,
       (SELECT min(o.deterministic) FROM schedule_explorations e
        JOIN schedule_outcomes o ON o.exploration_id = e.id
        WHERE e.f_op = v.f_op AND e.g_op = v.g_op) AS deterministic_under_schedules,
       (SELECT sum(e.schedules) FROM schedule_explorations e
        WHERE e.f_op = v.f_op AND e.g_op = v.g_op) AS schedules,
       (SELECT min(e.exhaustive) FROM schedule_explorations e
        WHERE e.f_op = v.f_op AND e.g_op = v.g_op) AS schedules_exhaustive,
       fs.schedule_id AS failing_schedule_id, fs.state AS failing_state,
       fs.schedule AS failing_schedule, fs.outcome AS failing_outcome
FROM verdicts v
JOIN harnesses h ON h.id = v.harness_id
JOIN ops fo ON fo.id = v.f_op
JOIN ops go ON go.id = v.g_op
LEFT JOIN witnesses w ON w.id = (
  SELECT w2.id FROM witnesses w2 WHERE w2.verdict_id = v.id
  ORDER BY CASE w2.role WHEN 'mutual' THEN 0 WHEN 'f->g' THEN 1 WHEN 'g->f' THEN 2
                        WHEN 'state-only' THEN 3 ELSE 4 END, w2.id LIMIT 1)
LEFT JOIN schedules fs ON fs.schedule_id = (
  SELECT o.id FROM schedule_explorations e
  JOIN schedule_outcomes o ON o.exploration_id = e.id
  WHERE e.f_op = v.f_op AND e.g_op = v.g_op AND (o.linearizable = 0 OR o.deterministic = 0)
  ORDER BY o.preemptions, o.steps, o.id LIMIT 1);

DROP VIEW IF EXISTS explorations;
CREATE VIEW explorations AS
SELECT h.run_id, h.name AS harness, fo.name AS f, go.name AS g, s.label AS state,
       e.f_call, e.g_call, e.schedules, e.blocking_schedules, e.exhaustive, e.independent,
       e.stopped_early, e.max_preemptions, e.pct_samples, e.seconds,
       (SELECT count(*) FROM schedule_outcomes o WHERE o.exploration_id = e.id) AS outcomes,
       e.f_then_g, e.g_then_f, e.id AS exploration_id
FROM schedule_explorations e
JOIN states s ON s.id = e.state_id
JOIN harnesses h ON h.id = s.harness_id
JOIN ops fo ON fo.id = e.f_op
JOIN ops go ON go.id = e.g_op;

-- The hooks' counts beside Valgrind's (snc run --schedules --measure), per op. Valgrind
-- measures the build without the hooks; its sites with no caller are the library's own
-- code (a site in a shared library the library called, glibc's mutex, has a caller).
DROP VIEW IF EXISTS hook_counts_vs_measured;
CREATE VIEW hook_counts_vs_measured AS
SELECT k.run_id, k.harness, k.op, k.calls, c.first_calls AS measured_calls,
       k.heavyweight_per_call AS hook_heavyweight_per_call,
       c.first_rmw_per_call + c.first_fences_per_call AS valgrind_heavyweight_per_call,
       coalesce((SELECT sum(s.per_call) FROM measured_sites s
                 WHERE s.measured_op_id = c.measured_op_id AND s.phase = 'first'
                   AND s.caller IS NULL), 0)
         AS valgrind_library_per_call,
       k.lock_acquisitions_per_call
FROM op_hook_counts k
JOIN op_costs c ON c.run_id = k.run_id AND c.harness = k.harness AND c.op = k.op;

-- ---------------------------------------------------------------------------------------
-- Preconditions (version 10). An op that crashes, exits, or (unless blocking is observable)
-- blocks when run alone from a state has a precondition that the state violates (unlock
-- without lock, dequeue without the stub node): not a concurrency bug. Such states are
-- kept out of the op's verdicts and schedules; one row per op says where.
CREATE TABLE IF NOT EXISTS preconditions (
  id              INTEGER PRIMARY KEY,
  harness_id      INTEGER NOT NULL REFERENCES harnesses(id),
  op_id           INTEGER NOT NULL REFERENCES ops(id),
  violated_states INTEGER NOT NULL,         -- states where an instance of it fails alone
  state           TEXT NOT NULL,            -- the first of them (shortest first)
  call            TEXT NOT NULL,            -- the instance that failed there
  outcome         TEXT NOT NULL,            -- crash: SIGSEGV, exit 1, blocks
  satisfied_state TEXT                      -- the first state every instance ran alone
                                            -- from (what it requires), or NULL
);
CREATE INDEX IF NOT EXISTS preconditions_by_harness ON preconditions(harness_id);

DROP VIEW IF EXISTS op_preconditions;
CREATE VIEW op_preconditions AS
SELECT h.run_id, h.name AS harness, o.name AS op, p.violated_states,
       h.states_tried AS states, p.state, p.call, p.outcome, p.satisfied_state,
       h.id AS harness_id
FROM preconditions p
JOIN harnesses h ON h.id = p.harness_id
JOIN ops o ON o.id = p.op_id;

-- macro APIs (snc audit)
--
-- The macros of an audited header that are public names of a function: object-like
-- (`#define rcu_read_lock urcu_memb_read_lock`) or function-like with their arguments
-- mapped (`ck_pr_load_int(SRC)` calls `ck_pr_md_load_int` with `SRC`); target is the API
-- function the expansion resolves to (NULL for a macro that expands to an expression or a
-- call of something else: detail says why it was skipped). family and harness: where its
-- function was audited (verdicts name the operation by the macro when the function's own
-- name is an implementation name such as _cds_wfs_push). Version 11 adds it; audit_items
-- lists every macro beside the functions (kind 'macro').

CREATE TABLE IF NOT EXISTS api_aliases (
  id      INTEGER PRIMARY KEY,
  run_id  INTEGER NOT NULL REFERENCES runs(id),
  name    TEXT NOT NULL,                    -- the macro, as users call it
  kind    TEXT NOT NULL CHECK (kind IN ('object-like', 'function-like')),
  params  TEXT,                             -- function-like: its parameters
  target  TEXT,                             -- the implementing function, or NULL
  args    TEXT,                             -- function-like: the arguments target gets
  file    TEXT,
  line    INTEGER,
  header  TEXT,                             -- the audited header whose API it is
  family  TEXT,
  harness TEXT,
  status  TEXT NOT NULL CHECK (status IN ('audited', 'skipped', 'failed')),
  detail  TEXT
);
CREATE INDEX IF NOT EXISTS api_aliases_by_run ON api_aliases(run_id);

-- The scanned functions under the names users call: each macro alias of an audit's run
-- beside the function it resolves to (its file, line and heavyweight sites).
CREATE VIEW IF NOT EXISTS scan_public_names AS
SELECT a.run_id, a.name AS public_name, a.kind, a.args, f.name AS function, f.file, f.line,
       f.heavyweight_sites, f.transitive_heavyweight, f.signature
FROM api_aliases a
JOIN scan_functions f ON f.run_id = a.run_id AND f.name = a.target;

DROP VIEW IF EXISTS audit_items;
CREATE VIEW audit_items AS
SELECT run_id, kind, name, family, harness, status, detail FROM audit_records
UNION ALL
SELECT run_id, 'macro', name, family, harness, status,
       CASE WHEN target IS NULL THEN detail
            ELSE coalesce(detail || ' ', '') || '(' || kind || ' alias of ' || target ||
                 coalesce('(' || args || ')', '') || ')' END
FROM api_aliases;
