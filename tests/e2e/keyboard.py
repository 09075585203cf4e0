"""Driving the page with the keyboard only, the way a person without a mouse does: Tab and
Shift+Tab to a control, Enter or Space on it.  Every key pressed is counted."""

# What Tab can reach, in document order (a radio group is one stop: its checked radio, else its first).
TABBABLE = """() => {
  const sel = "button, [href], input, select, textarea, summary, [tabindex]";
  const seen = new Set();
  return [...document.querySelectorAll(sel)].filter((el) => {
    if (el.tabIndex < 0 || el.disabled || el.closest("[inert]") || !el.getClientRects().length) return false;
    if (getComputedStyle(el).visibility === "hidden") return false;
    if (el.type === "radio") {
      if (seen.has(el.name)) return false;
      const group = [...document.querySelectorAll(`input[type=radio][name="${el.name}"]`)];
      const stop = group.find((r) => r.checked) ?? group[0];
      if (stop !== el) return false;
      seen.add(el.name);
    }
    return true;
  });
}"""

DESCRIBE_ACTIVE = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return "the page";
  const key = a.getAttribute("data-piece") || a.getAttribute("data-target") || a.id || a.getAttribute("aria-label") || a.textContent;
  return `${a.tagName.toLowerCase()} ${String(key).trim().slice(0, 60)}`;
}"""


class Keyboard:
    """Tab to things and press them; `presses` counts every key."""

    def __init__(self, page):
        self.page = page
        self.presses = 0

    def press(self, key):
        self.page.keyboard.press(key)
        self.presses += 1

    def on(self, selector):
        """Whether the focus is on an element matching `selector`."""
        return self.page.evaluate("(s) => Boolean(document.activeElement?.matches(s))", selector)

    def tab_to(self, selector):
        """Press Tab (or Shift+Tab, whichever is fewer presses) until the focus is on `selector`."""
        if self.on(selector):
            return
        steps = self.page.evaluate(f"""(s) => {{
          const all = ({TABBABLE})();
          const goal = all.findIndex((el) => el.matches(s));
          if (goal < 0) return null;
          const at = all.indexOf(document.activeElement);
          const n = all.length + 1;  // and the page itself, between the last stop and the first
          const ahead = ((goal - at) % n + n) % n;
          return {{ahead, back: n - ahead, n}};
        }}""", selector)
        if steps is None:
            raise AssertionError(f"nothing the keyboard can reach matches {selector!r}")
        key = "Tab" if steps["ahead"] <= steps["back"] else "Shift+Tab"
        for _ in range(steps["n"] + 2):
            self.press(key)
            if self.on(selector):
                return
        raise AssertionError(f"{key} never reached {selector!r}; the focus is on {self.active()}")

    def active(self):
        return self.page.evaluate(DESCRIBE_ACTIVE)
