import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { BookText } from '../book-text';

/** A Book ("mono page"): the topic page generated from one or more uploaded data files. */
@Entity({ name: 'pages' })
export class Book implements BookText {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  @Column({ type: 'text', default: '' })
  summary: string;

  /** Storage key of the cover image. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  img: string | null;

  @Column({ type: 'varchar', length: 2, default: 'ja' })
  language: string;

  /** Yen. */
  @Column({ name: 'page_price', type: 'int', default: 0 })
  pagePrice: number;

  @Column({ type: 'text', default: '' })
  goodpoint: string;

  @Column({ type: 'text', default: '' })
  badpoint: string;

  @Column({ type: 'text', default: '' })
  point1: string;

  @Column({ type: 'text', default: '' })
  point2: string;

  @Column({ type: 'text', default: '' })
  point3: string;

  @Column({ type: 'text', default: '' })
  point4: string;

  @Column({ type: 'text', default: '' })
  point5: string;

  @Column({ type: 'text', default: '' })
  answer: string;

  /** The user whose file created the Book. */
  @Column({ name: 'owner_id', type: 'int', nullable: true })
  ownerId: number | null;

  /** Made from a file posted to circles: read by their members only, until its creator makes it public. */
  @Column({ name: 'members_only', type: 'boolean', default: false })
  membersOnly: boolean;

  /** Set while a moderator's hide holds (the reason): read by its creator alone. */
  @Column({ name: 'moderated_reason', type: 'text', nullable: true })
  moderatedReason: string | null;

  /** Keywords that define the subject; files on the same subject join this Book. */
  @Column({ name: 'subject_words', type: 'text', default: '', select: false })
  subjectWords: string;

  @CreateDateColumn({ name: 'created_on', type: 'timestamptz' })
  createdOn: Date;

  @Column({ name: 'search_text', type: 'text', default: '', select: false })
  searchText: string;

  /** The text in each language: {"ja": {title, summary, …}, "en": {…}} (the columns above hold the data's language). */
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  texts: Record<string, Record<string, string>>;

  /** The column profile of the main table (computed at generation), or null. */
  @Column({ name: 'column_profile', type: 'jsonb', nullable: true, select: false })
  columnProfile: unknown;
}
