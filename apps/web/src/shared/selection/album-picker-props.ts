/** What the dialog that chooses an album for selected photos is told, and tells. */
export interface AlbumPickerProps {
  show: boolean;
  /** "Add to album" or "Move to album". */
  title: string;
  /** How many photos go. */
  count: number;
  /** The photos are on their way: the choice waits. */
  busy: boolean;
  /** `created`: the album was just made for these photos ("New album…"). */
  onPick: (album: { id: string; name: string; created?: boolean }) => void;
  onCancel: () => void;
}
