/**
 * On a phone a row of tabs is a strip that scrolls sideways (phone.css). A screen opened on a later
 * tab, from its address, would show the strip's start with the chosen tab out of sight: each time a
 * strip's chosen tab changes, it is scrolled into the strip's view. A strip the user scrolled stays
 * where they left it until the choice changes.
 *
 * The page is looked at once a frame at most, before it is painted: a screen's first render makes
 * many changes, and reading a strip's width after each laid the page out once for every one of them.
 */
import { useEffect, type RefObject } from 'react';

const SELECTED = '[role="tablist"] > [role="tab"][aria-selected="true"]';

function reveal(tab: HTMLElement): void {
  const list = tab.parentElement;
  if (!list || list.scrollWidth <= list.clientWidth) return;
  const inList = list.getBoundingClientRect();
  const shown = tab.getBoundingClientRect();
  // Whole pixels past the edge: a fraction left over would leave a sliver of the tab cut off.
  if (shown.right > inList.right) list.scrollLeft += Math.ceil(shown.right - inList.right);
  else if (shown.left < inList.left) list.scrollLeft -= Math.ceil(inList.left - shown.left);
}

export function useSelectedTabsInView(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const area = root.current;
    if (!area) return;
    const chosen = new WeakMap<Element, Element>();
    const check = () => {
      for (const tab of area.querySelectorAll<HTMLElement>(SELECTED)) {
        const list = tab.parentElement;
        // A strip not on show (a hidden panel's) is seen to when it shows.
        if (!list || chosen.get(list) === tab || list.clientWidth === 0) continue;
        chosen.set(list, tab);
        reveal(tab);
      }
    };
    let frame = 0;
    const soon = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        check();
      });
    };
    soon();
    const observer = new MutationObserver(soon);
    observer.observe(area, { subtree: true, childList: true, attributeFilter: ['aria-selected'] });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [root]);
}
