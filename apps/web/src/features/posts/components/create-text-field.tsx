/** The posts' text field is the shared counted field (`components/counted-text-field.tsx`). */
export { CountedTextField as CreateTextField } from '../../../components/counted-text-field';
