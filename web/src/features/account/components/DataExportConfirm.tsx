import { Modal } from 'antd';
import { dataExportText } from '@/shared/locales/dataExport';

const t = dataExportText;

/**
 * DataExportConfirm is the question asked once before the data export is saved (the zip holds
 * full certificate numbers and ID photos). It is a module of its own, fetched when the card's
 * button is hovered, focused or clicked (lazyDialogs.ts): antd's Modal is most of what the
 * security page would otherwise load for a dialog few visits open (docs/decisions/frontend-load.md, "Front-end load").
 */
export function DataExportConfirm({ open, onOk, onCancel }: { open: boolean; onOk: () => void; onCancel: () => void }) {
  return (
    <Modal open={open} title={t.confirmTitle} okText={t.confirmOk} cancelText={t.cancel} onOk={onOk} onCancel={onCancel} width={416} destroyOnHidden>
      {t.confirmBody}
    </Modal>
  );
}
