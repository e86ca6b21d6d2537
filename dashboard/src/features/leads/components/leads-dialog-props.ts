/** The props of the leads panel's dialogs (add, import, clear): open or not, for one collection. */
export interface LeadsDialogProps {
  open: boolean;
  onClose: () => void;
  collection: { id: number; name: string; profiles: number };
}
