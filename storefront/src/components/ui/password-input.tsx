import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon } from './icons/eye-icon';
import { EyeOffIcon } from './icons/eye-off-icon';
import styles from './password-input.module.css';

/** A password field with a show / hide toggle. */
export function PasswordInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.wrap}>
      <input {...props} type={visible ? 'text' : 'password'} className={`input ${styles.input} ${props.className ?? ''}`} />
      <button
        type="button"
        className={styles.toggle}
        onClick={() => setVisible((value) => !value)}
        aria-label={visible ? t('auth.hide_password') : t('auth.show_password')}
        aria-pressed={visible}
        aria-controls={props.id}
      >
        {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
      </button>
    </div>
  );
}
