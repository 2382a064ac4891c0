import { useRef, useState, type RefObject } from 'react';
import type { GraphicCodeHandle } from './GraphicCode';

/** GraphicCodeState is what a form keeps of its graphic code; its picture is `<GraphicCode {...state.picture} />`. */
export interface GraphicCodeState {
  /**
   * The props of its picture, spread onto GraphicCode (a spread, not ref={…}: the React
   * compiler's lint takes an object whose property is passed as a ref for a ref itself).
   */
  picture: { ref: RefObject<GraphicCodeHandle | null>; onChange: (codeId: string) => void };
  /** The id of the code shown, sent as codeId with the text typed for it ('' until the first arrives). */
  codeId: string;
  /** renew empties the field and asks for a new picture: after a code was used up or refused (01 §4 step 5). */
  renew: () => void;
}

/**
 * useGraphicCode is a form's graphic code: the id of the picture shown, and its field kept in step
 * with it. Whenever a new picture replaces one (a click on it, the renewal of a code about to
 * expire, renew()), clearTyped empties the field: the text typed for the old picture cannot be
 * right for the new one, and a user who had typed it would send it and be told it is wrong. The
 * first picture clears nothing: on the login page the user may have typed its code into the
 * prerendered copy before the app took over, and that text moved into the field is for it.
 * clearTyped may be called from an earlier render's closure (GraphicCode keeps the onChange of
 * the render that asked for the code): it should empty the field through the form instance, not
 * act on a render's values.
 */
export function useGraphicCode(clearTyped: () => void): GraphicCodeState {
  const ref = useRef<GraphicCodeHandle>(null);
  const [codeId, setCodeId] = useState('');
  // The last id told, in a ref: GraphicCode keeps the onChange of the render that asked for the
  // code, so a state read there could be a picture behind.
  const shown = useRef('');
  return {
    picture: {
      ref,
      onChange: (id) => {
        if (shown.current) clearTyped();
        shown.current = id;
        setCodeId(id);
      },
    },
    codeId,
    renew: () => {
      clearTyped();
      ref.current?.refresh();
    },
  };
}
