import { Image } from 'antd';

/**
 * ImagePreview is antd's image preview (zoom, rotate, close) of one picture, open from its first
 * render: PreviewImage loads it lazily on the first click, so the pages that show ID photos and
 * licences do not carry the preview's code (~9 KiB gzip) in their first load (issue 19).
 */
export function ImagePreview({ src, onClose }: { src: string; onClose: () => void }) {
  return (
    <Image.PreviewGroup
      items={[src]}
      preview={{
        open: true,
        onOpenChange: (open) => {
          if (!open) onClose();
        },
      }}
    />
  );
}
