/** One member in the restore bin (GET /api/admin/deleted-members), as server and client know it. */
export interface DeletedMember {
  id: number
  first_name: string
  middle_name: string | null
  last_name: string
  membership_status: string | null
  owner_user_id: number
  owner_username: string | null
  deleted_at: string
  deleted_by: string | null
  has_photo: boolean
  /** When the copy will be purged. */
  purge_at: string
}
