/** Mounted once by App: the tab's live-update stream (useLiveEvents). Renders nothing. */
import { useLiveEvents } from './useLiveEvents';

export function LiveEvents() {
  useLiveEvents();
  return null;
}
