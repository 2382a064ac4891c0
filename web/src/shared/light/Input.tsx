import { useContext, useRef, useState, type InputHTMLAttributes, type ReactNode, type SyntheticEvent } from 'react';
import { spaceless } from '../identity/rules';
import { FieldHelp } from './Field';
import { EyeIcon, EyeInvisibleIcon } from './icons';
import styles from './light.module.css';

export interface LightInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'prefix'> {
  value: string;
  /** Told the field's new value (not the event): the form keeps values, not events. */
  onChange: (value: string) => void;
  prefix?: ReactNode;
  suffix?: ReactNode;
  /** The field is in error: a red border (the message is the Field's). */
  invalid?: boolean;
  /**
   * No spaces, as SpacelessInput (shared/components): spaces are stripped before maxLength cuts,
   * so a pasted `138 0013 8000` keeps its digits, and nothing is changed while an input method
   * composes (Chinese IMEs show pinyin with spaces).
   */
  spaceless?: boolean;
}

/** Input is a text field with a prefix icon, drawn as antd's large Input (docs/decisions/frontend-load.md, "Front-end load": the login page loads without antd). */
export function Input({ value, onChange, prefix, suffix, invalid, spaceless: noSpaces, maxLength, className, ...rest }: LightInputProps) {
  const composing = useRef(false);
  const help = useContext(FieldHelp);
  const keep = (v: string) => (noSpaces ? spaceless(v, maxLength) : v);
  const clean = (e: SyntheticEvent<HTMLInputElement>) => {
    const raw = e.currentTarget.value;
    if (keep(raw) !== raw) onChange(keep(raw));
  };
  return (
    <span className={[styles.affix, invalid ? styles.error : '', className ?? ''].join(' ')}>
      {prefix && <span className={styles.prefix}>{prefix}</span>}
      <input
        {...rest}
        // With spaceless the component cuts after the strip; the browser's maxLength would cut first.
        maxLength={noSpaces ? undefined : maxLength}
        aria-invalid={invalid || undefined}
        aria-describedby={help}
        value={value}
        onChange={(e) => onChange(composing.current ? e.target.value : keep(e.target.value))}
        onCompositionStart={() => {
          composing.current = true;
        }}
        onCompositionEnd={(e) => {
          composing.current = false;
          if (noSpaces) clean(e);
        }}
        onBlur={(e) => {
          if (noSpaces) clean(e);
          rest.onBlur?.(e);
        }}
      />
      {suffix && <span className={styles.suffix}>{suffix}</span>}
    </span>
  );
}

/** PasswordInput is Input with antd's eye button that shows and hides what was typed. */
export function PasswordInput(props: LightInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <Input
      {...props}
      type={shown ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className={styles.eye}
          aria-label={shown ? '隐藏密码' : '显示密码'}
          // the field keeps the focus and the caret while the button is pressed
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? <EyeIcon /> : <EyeInvisibleIcon />}
        </button>
      }
    />
  );
}
