import { useQuery } from '@tanstack/react-query';
import { Modal, Spin } from 'antd';
import { zhCN } from '@/shared/locales/zh-CN';
import { PlainParagraph, PlainTitle } from '@/shared/components/PlainTypography';
import { registrationQueries } from '../api/queries';

export interface DocumentDialogProps {
  which: 'agreement' | 'privacy' | null;
  onClose: () => void;
}

/** DocumentDialog shows the registration agreement or the privacy notice: 80% wide, at most 800 px (01 §9). */
export function DocumentDialog({ which, onClose }: DocumentDialogProps) {
  const q = useQuery(registrationQueries.document(which));
  const doc = q.data;
  return (
    <Modal
      open={which !== null}
      onCancel={onClose}
      onOk={onClose}
      okText={zhCN.registration.dialog.agreeAndClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      width="80%"
      style={{ maxWidth: 800 }}
      title={doc?.title}
      destroyOnHidden
    >
      {!doc ? (
        <Spin />
      ) : (
        // A region of its own that takes the focus, so the keyboard scrolls the text (WCAG 2.1.1).
        <div role="region" aria-label={doc.title} tabIndex={0} style={{ maxHeight: '60vh', overflowY: 'auto', paddingRight: 8 }} data-testid={`document-${which}`}>
          <PlainParagraph>{doc.preamble}</PlainParagraph>
          {doc.sections.map((s) => (
            <section key={s.title}>
              <PlainTitle level={5}>{s.title}</PlainTitle>
              {s.paragraphs.map((p, i) => (
                <PlainParagraph key={i}>{p}</PlainParagraph>
              ))}
            </section>
          ))}
        </div>
      )}
    </Modal>
  );
}
