/* help.c: `--help` and the Markdown of docs/cli.md, both made from the option tables. */
#include <string.h>
#include "snc_cmdline.h"

/* "-p, --compile-commands FILE" */
static void left_column(const struct snc_opt *o, char *buf, size_t len)
{
	char shortpart[8] = "";
	if (o->short_name)
		snprintf(shortpart, sizeof shortpart, "-%c, ", o->short_name);
	snprintf(buf, len, "%s--%s%s%s", shortpart, o->name, o->metavar ? " " : "",
		 o->metavar ? o->metavar : "");
}

static void print_lines(FILE *out, const char *text, const char *indent_first,
			const char *indent_rest)
{
	const char *line = text;
	for (bool first = true; *line; first = false) {
		size_t len = strcspn(line, "\n");
		fprintf(out, "%s%.*s\n", first ? indent_first : indent_rest, (int)len, line);
		line += len + (line[len] == '\n');
	}
}

void snc_cmdline_help(FILE *out, const struct snc_command_doc *doc)
{
	const char *usage = doc->usage;
	for (bool first = true; *usage; first = false) {
		size_t len = strcspn(usage, "\n");
		fprintf(out, "%s%.*s\n", first ? "usage: " : "       ", (int)len, usage);
		usage += len + (usage[len] == '\n');
	}
	if (doc->about && *doc->about) {
		fputc('\n', out);
		print_lines(out, doc->about, "", "");
	}
	size_t width = strlen("-h, --help");
	char left[160];
	for (int t = 0; doc->tables[t]; t++)
		for (const struct snc_opt *o = doc->tables[t]; o->name; o++) {
			left_column(o, left, sizeof left);
			if (strlen(left) > width)
				width = strlen(left);
		}
	width += 2;
	char indent[128];
	snprintf(indent, sizeof indent, "  %*s", (int)width, "");
	fputc('\n', out);
	for (int t = 0; doc->tables[t]; t++)
		for (const struct snc_opt *o = doc->tables[t]; o->name; o++) {
			char first[200];
			left_column(o, left, sizeof left);
			snprintf(first, sizeof first, "  %-*s", (int)width, left);
			print_lines(out, o->help, first, indent);
		}
	fprintf(out, "  %-*s%s\n", (int)width, "-h, --help", "this text");
	fprintf(out, "  %-*s%s\n", (int)width, "--version", "the version of snc");
}

void snc_cmdline_markdown(FILE *out, const struct snc_command_doc *doc)
{
	fprintf(out, "## %s\n\n```\n", doc->prog);
	const char *usage = doc->usage;
	while (*usage) {
		size_t len = strcspn(usage, "\n");
		fprintf(out, "%.*s\n", (int)len, usage);
		usage += len + (usage[len] == '\n');
	}
	fprintf(out, "```\n\n");
	if (doc->about && *doc->about) {
		/* The about text is prose wrapped for a terminal: join it into paragraphs. */
		const char *line = doc->about;
		bool in_paragraph = false;
		while (*line) {
			size_t len = strcspn(line, "\n");
			if (len == 0) {
				if (in_paragraph)
					fputs("\n\n", out);
				in_paragraph = false;
			} else {
				fprintf(out, "%s%.*s", in_paragraph ? " " : "", (int)len, line);
				in_paragraph = true;
			}
			line += len + (line[len] == '\n');
		}
		if (in_paragraph)
			fputs("\n\n", out);
	}
	fprintf(out, "| option | what it does |\n| --- | --- |\n");
	char left[160];
	for (int t = 0; doc->tables[t]; t++)
		for (const struct snc_opt *o = doc->tables[t]; o->name; o++) {
			left_column(o, left, sizeof left);
			fprintf(out, "| `%s` | ", left);
			for (const char *c = o->help; *c; c++) {
				if (*c == '\n')
					fputc(' ', out);
				else if (*c == '|')
					fputs("\\|", out);
				else
					fputc(*c, out);
			}
			fputs(" |\n", out);
		}
	fprintf(out, "| `-h, --help` | this text |\n| `--version` | the version of snc |\n\n");
}

/* roff wants a backslash doubled and a leading dot or quote escaped. */
static void roff_text(FILE *out, const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		char c = text[i];
		if (c == '\\')
			fputs("\\e", out);
		else if (c == '-')
			fputs("\\-", out);
		else if ((c == '.' || c == '\'') && (i == 0 || text[i - 1] == '\n'))
			fprintf(out, "\\&%c", c);
		else
			fputc(c, out);
	}
}

void snc_cmdline_man(FILE *out, const struct snc_command_doc *doc, const char *summary,
		     const char *date)
{
	char name[64];
	snprintf(name, sizeof name, "%s", doc->prog);
	for (char *c = name; *c; c++)
		*c = *c == ' ' ? '-' : (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
	fprintf(out, ".TH %s 1 \"%s\" \"snc %s\" \"snc manual\"\n.SH NAME\n", name, date,
		doc->version ? doc->version : "");
	for (const char *c = doc->prog; *c; c++)
		fputc(*c == ' ' ? '-' : *c, out);
	fputs(" \\- ", out);
	roff_text(out, summary, strlen(summary));
	fputs("\n.SH SYNOPSIS\n.nf\n", out);
	roff_text(out, doc->usage, strlen(doc->usage));
	fputs("\n.fi\n.SH DESCRIPTION\n", out);
	if (doc->about)
		roff_text(out, doc->about, strlen(doc->about));
	fputs("\n.SH OPTIONS\n", out);
	char left[160];
	for (int t = 0; doc->tables[t]; t++)
		for (const struct snc_opt *o = doc->tables[t]; o->name; o++) {
			left_column(o, left, sizeof left);
			fputs(".TP\n.B ", out);
			roff_text(out, left, strlen(left));
			fputc('\n', out);
			roff_text(out, o->help, strlen(o->help));
			fputc('\n', out);
		}
	fputs(".TP\n.B \\-h, \\-\\-help\nthis text\n.TP\n.B \\-\\-version\nthe version of snc\n"
	      ".SH EXIT STATUS\n0 ok, 1 findings over the threshold, 2 usage or input error.\n"
	      ".SH SEE ALSO\n'snc help' lists every command.\n", out);
}

void snc_cmdline_completion_words(FILE *out, const struct snc_command_doc *doc)
{
	for (int t = 0; doc->tables[t]; t++)
		for (const struct snc_opt *o = doc->tables[t]; o->name; o++) {
			fprintf(out, " --%s", o->name);
			if (o->short_name)
				fprintf(out, " -%c", o->short_name);
		}
	fputs(" --help -h --version", out);
}
