package tui

import (
	"regexp"
	"strings"

	"charm.land/glamour/v2"
	"charm.land/glamour/v2/styles"
)

// renderMarkdown draws Markdown (the help, the rules) for a terminal width
// cells wide with glamour: headings, tables, numbered steps, emphasis and
// code as a terminal can show them. dark picks the style for a dark
// background. Colours are downsampled by Bubble Tea like every other
// colour on screen (and dropped under NO_COLOR). Should glamour fail, the
// text is shown as it is.
func renderMarkdown(md string, width int, dark bool) string {
	style := styles.LightStyle
	if dark {
		style = styles.DarkStyle
	}
	r, err := glamour.NewTermRenderer(glamour.WithStandardStyle(style), glamour.WithWordWrap(max(width-4, 20)))
	if err != nil {
		return md
	}
	out, err := r.Render(reflow(md))
	if err != nil {
		return md
	}
	// glamour pads every line to the wrap width; the padding only costs
	// cells the screen cuts anyway.
	lines := strings.Split(strings.Trim(out, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// reflow joins the lines of each Markdown paragraph or list item into one:
// glamour keeps a soft line break inside a list item as a line break, so
// hard-wrapped rules would otherwise come out ragged. Headings, tables,
// code and list starts keep their own lines.
func reflow(md string) string {
	var out []string
	code := false
	for _, line := range strings.Split(md, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") {
			code = !code
		}
		n := len(out)
		if n > 0 && !code && t != "" && !startsBlock(t) && !isItemStart(t) &&
			strings.TrimSpace(out[n-1]) != "" && !startsBlock(strings.TrimSpace(out[n-1])) {
			out[n-1] += " " + t
			continue
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// startsBlock reports whether a trimmed line stands on its own: a heading,
// a table row, a fence.
func startsBlock(t string) bool {
	return strings.HasPrefix(t, "#") || strings.HasPrefix(t, "|") || strings.HasPrefix(t, "```")
}

var numberedItem = regexp.MustCompile(`^\d+\. `)

func isItemStart(t string) bool {
	return strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") || numberedItem.MatchString(t)
}
