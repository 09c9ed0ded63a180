/** What the dialog that chooses an album for selected photos is told, and tells. */
export interface AlbumPickerProps {
  show: boolean;
  /** "Add to album" or "Move to album". */
  title: string;
  /** How many photos go. */
  count: number;
  /** The photos are on their way: the choice waits. */
  busy: boolean;
  onPick: (album: { id: string; name: string }) => void;
  onCancel: () => void;
}
