// antd's own modules, deep: the same ones `antd` resolves to in the bundle (its ES build).
import { useComponentConfig } from 'antd/es/config-provider/context';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useImageStyle from 'antd/es/image/style';
import { Suspense, useState, type CSSProperties } from 'react';
import { classes } from './antdLike';
import { lazyPart } from './lazyPart';

const ImagePreview = lazyPart(() => import('./ImagePreview'), 'ImagePreview');

export interface PreviewImageProps {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  /** className and style are the picture's (the <img>), as antd Image's. */
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/**
 * PreviewImage is antd Image with its preview (docs/decisions/frontend-load.md, "Front-end load"): the thumbnail is drawn here, the same
 * elements, class names and styles as antd's (its image stylesheet, with the theme), and antd's
 * preview is loaded on the first click or Enter (fetched ahead when the pointer or the focus
 * comes to the picture), so a page that shows ID photos or licences does not carry it.
 */
export function PreviewImage({ src, alt, width, height, className, style, 'data-testid': testId }: PreviewImageProps) {
  const { getPrefixCls, className: contextClassName, style: contextStyle } = useComponentConfig('image');
  const prefixCls = getPrefixCls('image');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useImageStyle(prefixCls, rootCls);
  const [open, setOpen] = useState(false);
  const preload = () => void ImagePreview.preload().catch(() => undefined);
  return (
    <>
      <div
        data-testid={testId}
        className={classes(prefixCls, hashId, cssVarCls, rootCls)}
        role="button"
        tabIndex={0}
        aria-label={alt}
        style={{ width, height }}
        onClick={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            setOpen(true);
          }
        }}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <img
          alt={alt}
          className={classes(`${prefixCls}-img`, className, hashId, contextClassName)}
          style={{ ...contextStyle, ...(height === undefined ? {} : { height }), ...style }}
          width={width}
          height={height}
          src={src}
        />
        <div className={`${prefixCls}-cover ${prefixCls}-cover-center`} />
      </div>
      {open && (
        <Suspense>
          <ImagePreview src={src} alt={alt} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
