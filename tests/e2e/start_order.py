"""When the lobby's pictures are drawn against when Python is ready (js/main.js picturesWait): on a quick
start (a snapshot restored) the pictures wait for Python, whose start they slowed; on a slow first start
they are drawn at once.  An init script notes both moments as the page reaches them."""

#: notes, in window.__startOrder, the page's time when the first picture was drawn and when Python was ready
WATCH_START_ORDER = """
window.__startOrder = {};
new MutationObserver(() => {
  const order = window.__startOrder;
  const now = performance.now();
  if (!order.python && document.documentElement.dataset.python === 'ready') order.python = now;
  if (!order.picture && document.querySelector('.game-picture[data-picture=drawn]')) order.picture = now;
}).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-python', 'data-picture'] });
"""


def watch_start_order(target) -> None:
    """Install the watch on a page or a context, before the visit it is to watch."""
    target.add_init_script(WATCH_START_ORDER)


def start_order(page, timeout_ms: int = 180_000) -> dict:
    """{'python': ms, 'picture': ms} of the visit watched, once both have happened."""
    page.wait_for_function("window.__startOrder && window.__startOrder.python && window.__startOrder.picture",
                           timeout=timeout_ms)
    return page.evaluate("window.__startOrder")
