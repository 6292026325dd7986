/* html_schedule.c: a schedule that broke linearizability, drawn as `snc replay` prints it:
 * two columns, thread 0 (the pair's first call) on the left and thread 1 on the right, one
 * row per trace entry in the order they ran, with a dashed line where a thread was switched
 * out. Each access is a box with what it did ("read racy_count = 0") and where
 * ("racy_add_return counters.c:57").
 *
 * Conflicting accesses are linked: two entries of different threads conflict when their
 * memory overlaps and one of them writes it (a lock operation writes its lock). Each access
 * gets an arrow to the next access of the other thread that conflicts with it: these are the
 * orderings the interleaving fixed (thread 1 read the counter before thread 0 wrote it back),
 * and the reason no sequential order gives the outcome. Inline SVG, no script. */
#include <string.h>
#include "html.h"

#define COL_W 440
#define GAP 110
#define ROW_H 36
#define HEAD_H 40
#define MAX_CHARS 60   /* characters of a box's line (the title has it all) */

static bool is_access(const struct snc_fact_step *s)
{
	return s->address != 0 && strcmp(s->kind, "call") != 0 && strcmp(s->kind, "switch") != 0;
}

static bool conflict(const struct snc_fact_step *a, const struct snc_fact_step *b)
{
	if (a->thread == b->thread || !is_access(a) || !is_access(b) || (!a->writes && !b->writes))
		return false;
	int64_t a_end = a->address + (a->size ? a->size : 1);
	int64_t b_end = b->address + (b->size ? b->size : 1);
	return a->address < b_end && b->address < a_end;
}

/* The next entry after i, of the other thread, that conflicts with it; -1 when none. */
static int next_conflict(const struct snc_fact_schedule *s, int i)
{
	for (int j = i + 1; j < s->nsteps; j++)
		if (conflict(&s->steps[i], &s->steps[j]))
			return j;
	return -1;
}

static const char *cut(const char *text, char *buf)
{
	snprintf(buf, MAX_CHARS + 1, "%s", text ? text : "");
	if (text && strlen(text) > MAX_CHARS)
		memcpy(buf + MAX_CHARS - 3, "...", 4);
	return buf;
}

static int column_x(int thread)
{
	return 8 + (thread ? COL_W + GAP : 0);
}

static void step_box(FILE *out, const struct snc_fact_schedule *s, int i, const char *id)
{
	const struct snc_fact_step *st = &s->steps[i];
	int x = column_x(st->thread), y = HEAD_H + i * ROW_H;
	char line[MAX_CHARS + 1];
	bool call = strcmp(st->kind, "call") == 0;
	const char *fill = call ? "#ffffff" : st->writes ? "#ffebe9" : is_access(st) ? "#ddf4ff" : "#f6f8fa";
	const char *stroke = call ? "#d0d7de" : st->writes ? "#cf222e" : is_access(st) ? "#0969da" : "#8c959f";
	html(out, "<g class=\"step\" id=\"%r-step-%d\" data-ordinal=\"%d\" data-thread=\"%d\" "
		  "data-kind=\"%s\" data-variable=\"%s\" data-writes=\"%d\"><title>%s%r%s</title>"
		  "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"3\" fill=\"%r\" stroke=\"%r\"/>"
		  "<text x=\"%d\" y=\"%d\">",
	     id, i, i, st->thread, st->kind, st->variable ? st->variable : "", st->writes,
	     st->access, st->place ? " at " : "", st->place, x, y + 2, COL_W, ROW_H - 4, fill, stroke,
	     x + 6, y + 15);
	if (st->step > 0)
		html(out, "<tspan class=\"n\" fill=\"#57606a\">%D </tspan>", st->step);
	html(out, "<tspan class=\"access\">%s</tspan></text>", cut(st->access, line));
	if (st->place)
		html(out, "<text class=\"place\" x=\"%d\" y=\"%d\" fill=\"#57606a\">%s</text>", x + 6,
		     y + 29, cut(st->place, line));
	html(out, "</g>\n");
}

void html_schedule_picture(FILE *out, const struct snc_fact_schedule *s, const char *id)
{
	if (s->nsteps == 0) {
		html(out, "<p class=\"muted\" id=\"%r-none\">No trace of this schedule is stored (it "
			  "was explored by an older snc, or its re-run ended otherwise): <code>snc replay "
			  "%D</code> prints it.</p>\n", id, s->id);
		return;
	}
	int width = 2 * COL_W + GAP + 16, height = HEAD_H + s->nsteps * ROW_H + 8;
	html(out, "<svg class=\"schedule-picture\" id=\"%r\" data-schedule=\"%D\" "
		  "xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		  "role=\"img\"><defs><marker id=\"%r-arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
		  "markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\">"
		  "<path d=\"M0,0L10,5L0,10z\" fill=\"#bf3989\"/></marker></defs>\n",
	     id, s->id, width, height, width, height, id);
	char head[MAX_CHARS + 1];
	for (int t = 0; t < 2; t++) {
		html(out, "<g class=\"thread-column\" id=\"%r-thread-%d\" data-thread=\"%d\">"
			  "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f6f8fa\" "
			  "stroke=\"#d0d7de\"/><text x=\"%d\" y=\"24\" font-weight=\"bold\">thread %d: "
			  "%s</text>\n", id, t, t, column_x(t) - 4, HEAD_H - 4, COL_W + 8,
		     s->nsteps * ROW_H + 8, column_x(t), t, cut(t ? s->g_call : s->f_call, head));
		for (int i = 0; i < s->nsteps; i++)
			if (s->steps[i].thread == t && strcmp(s->steps[i].kind, "switch") != 0)
				step_box(out, s, i, id);
		html(out, "</g>\n");
	}
	for (int i = 0; i < s->nsteps; i++) {
		const struct snc_fact_step *st = &s->steps[i];
		if (strcmp(st->kind, "switch") != 0)
			continue;
		int y = HEAD_H + i * ROW_H + ROW_H / 2;
		html(out, "<g class=\"switch\" data-ordinal=\"%d\"><line x1=\"4\" y1=\"%d\" x2=\"%d\" "
			  "y2=\"%d\" stroke=\"#57606a\" stroke-dasharray=\"6 4\"/><text x=\"%d\" y=\"%d\" "
			  "text-anchor=\"middle\" fill=\"#57606a\">%s</text></g>\n",
		     i, y, width - 4, y, width / 2, y - 4, st->access);
	}
	int links = 0;
	html(out, "<g class=\"conflicts\">\n");
	for (int i = 0; i < s->nsteps; i++) {
		int j = next_conflict(s, i);
		if (j < 0)
			continue;
		const struct snc_fact_step *a = &s->steps[i], *b = &s->steps[j];
		int x1 = a->thread ? column_x(1) : column_x(0) + COL_W;
		int x2 = b->thread ? column_x(1) : column_x(0) + COL_W;
		int y1 = HEAD_H + i * ROW_H + ROW_H / 2, y2 = HEAD_H + j * ROW_H + ROW_H / 2;
		html(out, "<line class=\"conflict\" data-from=\"%d\" data-to=\"%d\" x1=\"%d\" y1=\"%d\" "
			  "x2=\"%d\" y2=\"%d\" stroke=\"#bf3989\" stroke-width=\"2\" "
			  "marker-end=\"url(#%r-arrow)\"><title>%s (thread %d) before %s (thread %d): "
			  "the same memory, %r</title></line>\n",
		     i, j, x1, y1, x2, y2, id, a->access, a->thread, b->access, b->thread,
		     a->writes && b->writes ? "both write" : "one writes");
		links++;
	}
	html(out, "</g></svg>\n<p class=\"muted\"><span id=\"%r-links\">%d</span> conflicting "
		  "accesses linked: an arrow goes from an access to the next access of the other "
		  "thread to the same memory, one of them writing.%r</p>\n",
	     id, links, s->nsteps >= 400 ? " Only the first 400 entries of the trace are kept." : "");
}
