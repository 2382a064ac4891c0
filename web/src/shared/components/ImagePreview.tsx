import { Image } from 'antd';
import { cloneElement, type ReactElement } from 'react';

/**
 * ImagePreview is antd's image preview (zoom, rotate, close) of one picture, open from its first
 * render: PreviewImage loads it lazily on the first click, so the pages that show ID photos and
 * licences do not carry the preview's code (~9 KiB gzip) in their first load (docs/decisions/frontend-load.md, "Front-end load").
 */
export function ImagePreview({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  return (
    <Image.PreviewGroup
      // The enlarged picture has the thumbnail's text alternative (WCAG 1.1.1): the group's items
      // do not pass their alt to the preview's <img> (axe found it bare), so it is set on the node.
      items={[{ src, alt }]}
      preview={{
        open: true,
        imageRender: (node: ReactElement) => cloneElement(node as ReactElement<{ alt?: string }>, { alt }),
        onOpenChange: (open) => {
          if (!open) onClose();
        },
      }}
    />
  );
}
