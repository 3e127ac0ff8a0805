type Target = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** Calls `onReturn` whenever the page may be back from being frozen or offline; returns a stop. */
export type PageReturns = (onReturn: () => void) => () => void;

/**
 * When a page may have been frozen (a phone puts a page in the background to sleep: no timer
 * runs) or cut off, and is back: it becomes visible, it is shown again (from the back/forward
 * cache), the network is back, the window gets the focus. Any of them may come alone, or
 * several at once: the listener decides what is worth doing again.
 */
export function listenForPageReturns(page: {
  window: Target;
  document: Target & { readonly visibilityState: DocumentVisibilityState };
}): PageReturns {
  return (onReturn) => {
    const back = () => onReturn();
    const onVisibility = () => {
      if (page.document.visibilityState === 'visible') onReturn();
    };
    const windowEvents = ['pageshow', 'online', 'focus'];
    for (const type of windowEvents) page.window.addEventListener(type, back);
    page.document.addEventListener('visibilitychange', onVisibility);
    return () => {
      for (const type of windowEvents) page.window.removeEventListener(type, back);
      page.document.removeEventListener('visibilitychange', onVisibility);
    };
  };
}
