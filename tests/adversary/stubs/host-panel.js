// Harness stand-in for js/tables/host-panel.js: the connections panel draws nothing.
export function renderHostPanel(host) {
  const el = document.createElement("div");
  el.className = "p2p-host";
  return el;
}
