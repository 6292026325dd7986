# analyzer.json: --json carries the summary, the functions and the pairs, escaped right.
. "$(dirname "$0")/lib.sh"
"$SNC" scan --db j.db --json "$FIXTURES/constructs" > out.json
expect "exit 0" "0" "$?"
j() { sqlite3 :memory: "SELECT $1 FROM (SELECT readfile('out.json') AS doc)"; }
expect "valid JSON" "1" "$(j "json_valid(doc)")"
expect "units" "1|1|0|0" "$(j "json_extract(doc, '\$.units.total'), json_extract(doc, '\$.units.parsed'), json_extract(doc, '\$.units.reused'), json_extract(doc, '\$.units.with_errors')" | tr -d ' ')"
expect "sites by kind" '{"rmw":21,"fence":6,"seq_cst-store":3,"lock":4,"light":10}' "$(j "json_extract(doc, '\$.sites_by_kind')")"
expect "pairs by class add up" "$(j "json_array_length(doc, '\$.pairs')")" "$(j "json_extract(doc, '\$.pairs_by_class.\"never-snc\"') + json_extract(doc, '\$.pairs_by_class.\"read-read\"') + json_extract(doc, '\$.pairs_by_class.\"one-way\"') + json_extract(doc, '\$.pairs_by_class.\"snc-candidate\"')")"
expect "a function with its call path" "macros|2|macros" "$(j "(SELECT json_extract(value, '\$.name') || '|' || json_extract(value, '\$.transitive_heavyweight') || '|' || json_extract(value, '\$.reaches[0].path') FROM json_each(doc, '\$.functions') WHERE json_extract(value, '\$.name') = 'macros')")"
expect "the decoy string made it into no site" "0" "$(j "(SELECT count(*) FROM json_each(doc, '\$.functions') f, json_each(f.value, '\$.sites') s WHERE json_extract(s.value, '\$.op') LIKE '%asm(%')")"
finish
