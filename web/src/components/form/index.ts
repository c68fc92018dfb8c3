export { CheckboxInput } from './CheckboxInput';
export { Form } from './Form';
export { PasswordInput } from './PasswordInput';
export { TextInput, type TextInputProps } from './TextInput';
export { SubmitButton } from './SubmitButton';
