/** The browser tab's title: the page's own, led by the number of unread notifications when there are any. */
let page = 'Campus Portal';
let unread = 0;

function render() {
  const base = page === 'Campus Portal' ? page : `${page} · Campus Portal`;
  document.title = unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${base}` : base;
}

export function setPageTitle(title: string) {
  page = title;
  render();
}

export function setUnreadInTitle(count: number) {
  unread = count;
  render();
}
