// The bare Input module: `antd`'s Input carries Password, TextArea, Search, OTP and Group as its
// properties, all in a bundle that imports it (docs/decisions/frontend-load.md, "Front-end load").
import Input, { type InputProps } from 'antd/es/input/Input';
import { useRef, type ChangeEvent, type SyntheticEvent } from 'react';
import { spaceless } from '../identity/rules';

// spaceless lives with the other identity rules; the light input of the login page shares it.
export { spaceless };

/** changed is an input event carrying another value, as Form.Item and getValueFromEvent read it. */
function changed(e: SyntheticEvent<HTMLInputElement>, value: string): ChangeEvent<HTMLInputElement> {
  return { ...e, target: { value }, currentTarget: { value } } as unknown as ChangeEvent<HTMLInputElement>;
}

/**
 * SpacelessInput is antd's Input for a value without spaces: maxLength is applied by the
 * component after the strip (not by the browser), on change (typing and paste), on keyup and
 * on blur. While an input method composes, the text is left alone (Chinese IMEs show pinyin
 * with spaces) and cleaned when the composition ends.
 */
export function SpacelessInput({ maxLength, onChange, onBlur, onKeyUp, onCompositionStart, onCompositionEnd, ...rest }: InputProps) {
  const composing = useRef(false);
  const clean = (e: SyntheticEvent<HTMLInputElement>) => {
    const raw = e.currentTarget.value;
    const v = spaceless(raw, maxLength);
    if (v !== raw) onChange?.(changed(e, v));
  };
  return (
    <Input
      {...rest}
      onChange={(e) => {
        if (composing.current) onChange?.(e);
        else onChange?.(e.target.value === spaceless(e.target.value, maxLength) ? e : changed(e, spaceless(e.target.value, maxLength)));
      }}
      onCompositionStart={(e) => {
        composing.current = true;
        onCompositionStart?.(e);
      }}
      onCompositionEnd={(e) => {
        composing.current = false;
        clean(e);
        onCompositionEnd?.(e);
      }}
      onKeyUp={(e) => {
        if (!composing.current) clean(e);
        onKeyUp?.(e);
      }}
      onBlur={(e) => {
        clean(e);
        onBlur?.(e);
      }}
    />
  );
}
