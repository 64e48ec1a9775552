import { Tabs } from '@chakra-ui/react';
import { useEffect, useRef, useState, type RefObject } from 'react';

/** How far the fade reaches into a row from an edge that has more beyond it. */
const FADE = '2.5rem';

/**
 * For a row that scrolls sideways (tabs, a section menu on a phone): fades out the edge that has
 * more beyond it, so a cut label reads as "there is more this way" rather than a layout fault, and
 * brings the chosen item (`[aria-selected=true]` or `[aria-current]`) into view when the page opens
 * on it. Returns the ref to put on the row and the CSS for its mask.
 */
export function useScrollFade<T extends HTMLElement>(): { ref: RefObject<T | null>; css: { maskImage?: string } } {
  const ref = useRef<T>(null);
  const [more, setMore] = useState({ before: false, after: false });

  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    const chosen = row.querySelector<HTMLElement>('[aria-selected="true"], [aria-current]');
    if (chosen && (chosen.offsetLeft < row.scrollLeft || chosen.offsetLeft + chosen.offsetWidth > row.scrollLeft + row.clientWidth)) {
      row.scrollLeft = chosen.offsetLeft - (row.clientWidth - chosen.offsetWidth) / 2;
    }
    const measure = () => {
      // Math.abs: in a right-to-left page scrollLeft counts down from zero.
      const scrolled = Math.abs(row.scrollLeft);
      const hidden = row.scrollWidth - row.clientWidth;
      const next = { before: scrolled > 1, after: scrolled < hidden - 1 };
      setMore((prev) => (prev.before === next.before && prev.after === next.after ? prev : next));
    };
    measure();
    row.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(row);
    return () => {
      row.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, []);

  if (!more.before && !more.after) return { ref, css: {} };
  return { ref, css: { maskImage: `linear-gradient(to right, ${more.before ? 'transparent' : 'black'}, black ${FADE}, black calc(100% - ${FADE}), ${more.after ? 'transparent' : 'black'})` } };
}

/**
 * A tab list that never squeezes or wraps its labels: when the tabs are wider than the screen the
 * list scrolls sideways with a fade at the edge that has more (useScrollFade). Arrow keys move
 * between tabs and scroll with them. Its triggers should be `ScrollingTab`s.
 */
export function ScrollingTabList(props: Tabs.ListProps) {
  const fade = useScrollFade<HTMLDivElement>();
  return (
    <Tabs.List
      ref={fade.ref}
      overflowX="auto"
      overflowY="hidden"
      maxW="full"
      // A thin bar for a mouse without a sideways wheel; touch screens draw none.
      scrollbarWidth="thin"
      css={fade.css}
      {...props}
    />
  );
}

/** A tab of a `ScrollingTabList`: as wide as its label, on one line. */
export function ScrollingTab(props: Tabs.TriggerProps) {
  return <Tabs.Trigger flexShrink={0} whiteSpace="nowrap" {...props} />;
}
