/// SF Symbol names a layout may use, mapped to Material Icons codepoints (as the font's own codepoint
/// map lists them: the SCSS variables file of jossef/material-design-icons-iconfont, packaged in
/// Debian as fonts-material-design-icons-iconfont, the source of Fonts/MaterialIcons-Regular.ttf).
/// An unknown name is a lint error.
public enum IconCatalog {
    public static let family = FontSpec.iconFamily

    public static let codepoints: [String: UInt32] = [
        "clock": 0xE8B5,
        "clock.fill": 0xE8B5,
        "bicycle": 0xE52F,
        "location.fill": 0xE569,
        "mappin": 0xE0C8,
        "mappin.and.ellipse": 0xE0C8,
        "house": 0xE88A,
        "house.fill": 0xE88A,
        "bag": 0xF1CC,
        "bag.fill": 0xF1CC,
        "flame": 0xEF55,
        "flame.fill": 0xEF55,
        "checkmark.circle": 0xE92D,
        "checkmark.circle.fill": 0xE86C,
        "checkmark": 0xE5CA,
        "car.fill": 0xE531,
        "phone.fill": 0xE0CD,
        "phone": 0xE0CD,
        "fork.knife": 0xE56C,
        "person.fill": 0xE7FD,
        "bell.fill": 0xE7F4,
        "bell.slash": 0xE7F6,
        "arrow.clockwise": 0xE5D5,
        "questionmark": 0xEB8B,
        "xmark.circle": 0xE888,
        "xmark.circle.fill": 0xE5C9,
        "xmark": 0xE5CD,
        "moon": 0xE51C,
        "timer": 0xE425,
        "star.fill": 0xE838,
        "cart.fill": 0xE8CC,
        "storefront": 0xEA12,
        "hourglass": 0xEA5B,
        "chevron.right": 0xE5CC,
        "ellipsis": 0xE5D3,
        "info.circle": 0xE88E,
        "exclamationmark.triangle": 0xE002,
        "shippingbox": 0xE558,
        "takeoutbag.and.cup.and.straw": 0xEA61,
        "figure.walk": 0xE536,
        "scooter": 0xEB29,
        "map": 0xE55B,
        // Weather and travel (Material Icons codepoint map: wb_sunny, cloud, wb_cloudy, umbrella,
        // thunderstorm, cloudy_snowing, ac_unit, foggy, air, bedtime, nights_stay, water_drop,
        // thermostat, flight, flight_takeoff, flight_land, luggage, meeting_room, arrow_upward,
        // arrow_downward, warning, cancel). No Material glyph draws rain alone: the umbrella stands in.
        "sun.max": 0xE430,
        "sun.max.fill": 0xE430,
        "cloud": 0xE2BD,
        "cloud.fill": 0xE2BD,
        "cloud.sun.fill": 0xE42D,
        "cloud.rain.fill": 0xF1AD,
        "umbrella.fill": 0xF1AD,
        "cloud.bolt.rain.fill": 0xEBDB,
        "cloud.snow.fill": 0xE810,
        "snowflake": 0xEB3B,
        "cloud.fog.fill": 0xE818,
        "wind": 0xEFD8,
        "moon.fill": 0xEF44,
        "moon.stars.fill": 0xEA46,
        "drop.fill": 0xE798,
        "thermometer.medium": 0xF076,
        "airplane": 0xE539,
        "airplane.departure": 0xE905,
        "airplane.arrival": 0xE904,
        "suitcase.fill": 0xF235,
        "door.left.hand.open": 0xEB4F,
        "arrow.up": 0xE5D8,
        "arrow.down": 0xE5DB,
        "exclamationmark.triangle.fill": 0xE002,
        "xmark.octagon.fill": 0xE5C9,
        // Common SF Symbols in widgets and apps, each to the Material icon nearest in meaning (the
        // Material name after it: the font's own ligature table, read with fontTools). A stand-in
        // for layout and colour, not SF's artwork: a team's own exports in Icons/ replace it.
        "gearshape": 0xE8B8, // settings
        "gearshape.fill": 0xE8B8, // settings
        "gear": 0xE8B8, // settings
        "gearshape.2": 0xF05E, // settings_suggest
        "slider.horizontal.3": 0xE429, // tune
        "heart": 0xE87E, // favorite_border
        "heart.fill": 0xE87D, // favorite
        "heart.slash": 0xEAC2, // heart_broken
        "star": 0xE83A, // star_border
        "star.leadinghalf.filled": 0xE839, // star_half
        "plus": 0xE145, // add
        "plus.circle": 0xE148, // add_circle_outline
        "plus.circle.fill": 0xE147, // add_circle
        "minus": 0xE15B, // remove
        "minus.circle": 0xE15D, // remove_circle_outline
        "minus.circle.fill": 0xE15C, // remove_circle
        "trash": 0xE92E, // delete_outline
        "trash.fill": 0xE872, // delete
        "pencil": 0xE3C9, // edit
        "square.and.pencil": 0xE745, // edit_note
        "magnifyingglass": 0xE8B6, // search
        "envelope": 0xE0E1, // mail_outline
        "envelope.fill": 0xE158, // mail
        "envelope.open": 0xE151, // drafts
        "paperplane": 0xE163, // send
        "paperplane.fill": 0xE163, // send
        "calendar": 0xE935, // calendar_today
        "calendar.badge.clock": 0xF1BB, // pending_actions
        "bolt.fill": 0xEA0B, // bolt
        "bolt": 0xEA0B, // bolt
        "bolt.circle.fill": 0xE932, // offline_bolt
        "battery.100": 0xE1A4, // battery_full
        "battery.75": 0xEBD4, // battery_5_bar
        "battery.50": 0xEBE2, // battery_4_bar
        "battery.25": 0xEBE0, // battery_2_bar
        "battery.0": 0xEBDC, // battery_0_bar
        "battery.100.bolt": 0xE1A3, // battery_charging_full
        "wifi": 0xE63E, // wifi
        "wifi.slash": 0xE648, // wifi_off
        "antenna.radiowaves.left.and.right": 0xEBBA, // cell_tower
        "lock": 0xE899, // lock_outline
        "lock.fill": 0xE897, // lock
        "lock.open": 0xE898, // lock_open
        "lock.open.fill": 0xE898, // lock_open
        "key": 0xE73C, // key
        "key.fill": 0xE73C, // key
        "person": 0xE7FF, // person_outline
        "person.circle": 0xE853, // account_circle
        "person.circle.fill": 0xE853, // account_circle
        "person.crop.circle": 0xE853, // account_circle
        "person.crop.circle.fill": 0xE853, // account_circle
        "person.2": 0xE7FC, // people_outline
        "person.2.fill": 0xE7FB, // people
        "person.3.fill": 0xF233, // groups
        "person.badge.plus": 0xE7FE, // person_add
        "square.and.arrow.up": 0xE6B8, // ios_share
        "square.and.arrow.down": 0xF090, // download
        "arrow.down.circle": 0xF181, // arrow_circle_down
        "arrow.up.circle": 0xF182, // arrow_circle_up
        "arrow.down.to.line": 0xF090, // download
        "arrow.up.to.line": 0xF09B, // upload
        "icloud": 0xE2C2, // cloud_queue
        "icloud.fill": 0xE2BD, // cloud
        "icloud.slash": 0xE2C1, // cloud_off
        "icloud.and.arrow.up": 0xE2C3, // cloud_upload
        "icloud.and.arrow.down": 0xE2C0, // cloud_download
        "play": 0xE037, // play_arrow
        "play.fill": 0xE037, // play_arrow
        "play.circle": 0xE039, // play_circle_outline
        "play.circle.fill": 0xE1C4, // play_circle
        "pause": 0xE034, // pause
        "pause.fill": 0xE034, // pause
        "pause.circle.fill": 0xE1A2, // pause_circle
        "stop.fill": 0xE047, // stop
        "backward.fill": 0xE020, // fast_rewind
        "forward.fill": 0xE01F, // fast_forward
        "backward.end.fill": 0xE045, // skip_previous
        "forward.end.fill": 0xE044, // skip_next
        "shuffle": 0xE043, // shuffle
        "repeat": 0xE040, // repeat
        "music.note": 0xE405, // music_note
        "music.note.list": 0xE03D, // queue_music
        "headphones": 0xF01F, // headphones
        "speaker.wave.2.fill": 0xE050, // volume_up
        "speaker.slash.fill": 0xE04F, // volume_off
        "mic": 0xE02A, // mic_none
        "mic.fill": 0xE029, // mic
        "mic.slash.fill": 0xE02B, // mic_off
        "video": 0xE04B, // videocam
        "video.fill": 0xE04B, // videocam
        "camera": 0xE412, // photo_camera
        "camera.fill": 0xE412, // photo_camera
        "photo": 0xE3F4, // image
        "photo.fill": 0xE3F4, // image
        "photo.on.rectangle": 0xE413, // photo_library
        "bookmark": 0xE867, // bookmark_border
        "bookmark.fill": 0xE866, // bookmark
        "tag": 0xF05B, // sell
        "tag.fill": 0xF05B, // sell
        "flag": 0xE16E, // outlined_flag
        "flag.fill": 0xE153, // flag
        "pin": 0xF10D, // push_pin
        "pin.fill": 0xF10D, // push_pin
        "bell": 0xE7F5, // notifications_none
        "bell.badge": 0xE7F7, // notifications_active
        "bell.slash.fill": 0xE7F6, // notifications_off
        "arrow.clockwise.circle": 0xE863, // autorenew
        "arrow.triangle.2.circlepath": 0xE627, // sync
        "arrow.2.circlepath": 0xE627, // sync
        "arrow.counterclockwise": 0xE889, // history
        "arrow.uturn.backward": 0xE166, // undo
        "arrow.uturn.forward": 0xE15A, // redo
        "arrow.right": 0xE5C8, // arrow_forward
        "arrow.left": 0xE5C4, // arrow_back
        "arrow.up.right": 0xF1E1, // north_east
        "arrow.down.right": 0xF1E4, // south_east
        "arrow.left.arrow.right": 0xE8D4, // swap_horiz
        "arrow.up.arrow.down": 0xE8D5, // swap_vert
        "chevron.left": 0xE5CB, // chevron_left
        "chevron.down": 0xE5CF, // expand_more
        "chevron.up": 0xE5CE, // expand_less
        "list.bullet": 0xE241, // format_list_bulleted
        "list.number": 0xE242, // format_list_numbered
        "list.dash": 0xE896, // list
        "line.3.horizontal": 0xE5D2, // menu
        "line.3.horizontal.decrease": 0xE152, // filter_list
        "ellipsis.circle": 0xE5D3, // more_horiz
        "info": 0xE88E, // info
        "info.circle.fill": 0xE88E, // info
        "questionmark.circle": 0xE8FD, // help_outline
        "questionmark.circle.fill": 0xE887, // help
        "exclamationmark.circle": 0xE001, // error_outline
        "exclamationmark.circle.fill": 0xE000, // error
        "exclamationmark": 0xE645, // priority_high
        "checkmark.seal.fill": 0xEF76, // verified
        "checkmark.shield.fill": 0xE8E8, // verified_user
        "shield": 0xE9E0, // shield
        "shield.fill": 0xE9E0, // shield
        "xmark.octagon": 0xE99A, // dangerous
        "nosign": 0xE14B, // block
        "circle": 0xE836, // radio_button_unchecked
        "circle.fill": 0xEF4A, // circle
        "largecircle.fill.circle": 0xE837, // radio_button_checked
        "square": 0xE835, // check_box_outline_blank
        "checkmark.square.fill": 0xE834, // check_box
        "checkmark.square": 0xE834, // check_box
        "link": 0xE157, // link
        "paperclip": 0xE226, // attach_file
        "doc": 0xE873, // description
        "doc.fill": 0xE873, // description
        "doc.text": 0xEF42, // article
        "doc.on.doc": 0xE14D, // content_copy
        "folder": 0xE2C8, // folder_open
        "folder.fill": 0xE2C7, // folder
        "tray": 0xE156, // inbox
        "tray.fill": 0xE156, // inbox
        "archivebox": 0xE149, // archive
        "archivebox.fill": 0xE149, // archive
        "book": 0xEA19, // menu_book
        "book.fill": 0xEA19, // menu_book
        "books.vertical": 0xE02F, // library_books
        "graduationcap": 0xE80C, // school
        "graduationcap.fill": 0xE80C, // school
        "newspaper": 0xEB81, // newspaper
        "newspaper.fill": 0xEB81, // newspaper
        "gamecontroller": 0xEA28, // sports_esports
        "gamecontroller.fill": 0xEA28, // sports_esports
        "tv": 0xE333, // tv
        "tv.fill": 0xE333, // tv
        "desktopcomputer": 0xE30B, // desktop_mac
        "laptopcomputer": 0xE31E, // laptop
        "iphone": 0xE32C, // smartphone
        "ipad": 0xE331, // tablet_mac
        "applewatch": 0xE334, // watch
        "printer": 0xE8AD, // print
        "qrcode": 0xEF6B, // qr_code
        "barcode.viewfinder": 0xF206, // qr_code_scanner
        "creditcard": 0xE870, // credit_card
        "creditcard.fill": 0xE870, // credit_card
        "banknote": 0xEF63, // payments
        "dollarsign.circle": 0xE263, // monetization_on
        "dollarsign.circle.fill": 0xE263, // monetization_on
        "eurosign.circle": 0xEA15, // euro
        "cart": 0xE8CC, // shopping_cart
        "cart.badge.plus": 0xE854, // add_shopping_cart
        "bag.badge.plus": 0xF1CC, // shopping_bag
        "gift": 0xE8F6, // card_giftcard
        "gift.fill": 0xE8F6, // card_giftcard
        "trophy": 0xEA23, // emoji_events
        "trophy.fill": 0xEA23, // emoji_events
        "medal": 0xEA3F, // military_tech
        "chart.bar": 0xE26B, // bar_chart
        "chart.bar.fill": 0xE26B, // bar_chart
        "chart.pie": 0xE6C4, // pie_chart
        "chart.pie.fill": 0xE6C4, // pie_chart
        "chart.line.uptrend.xyaxis": 0xE8E5, // trending_up
        "chart.line.downtrend.xyaxis": 0xE8E3, // trending_down
        "chart.xyaxis.line": 0xE6E1, // show_chart
        "gauge": 0xE9E4, // speed
        "gauge.medium": 0xE9E4, // speed
        "speedometer": 0xE9E4, // speed
        "stopwatch": 0xE425, // timer
        "alarm": 0xE855, // alarm
        "alarm.fill": 0xE855, // alarm
        "hourglass.bottomhalf.filled": 0xEA5C, // hourglass_bottom
        "hourglass.tophalf.filled": 0xEA5B, // hourglass_top
        "figure.run": 0xE566, // directions_run
        "figure.walk.circle": 0xE536, // directions_walk
        "figure.outdoor.cycle": 0xE52F, // directions_bike
        "figure.hiking": 0xE50A, // hiking
        "figure.pool.swim": 0xEB48, // pool
        "figure.strengthtraining.traditional": 0xEB43, // fitness_center
        "dumbbell": 0xEB43, // fitness_center
        "dumbbell.fill": 0xEB43, // fitness_center
        "sportscourt": 0xEA26, // sports_basketball
        "soccerball": 0xEA2F, // sports_soccer
        "basketball": 0xEA26, // sports_basketball
        "baseball": 0xEA51, // sports_baseball
        "football": 0xEA29, // sports_football
        "tennis.racket": 0xEA32, // sports_tennis
        "heart.text.square": 0xEAA2, // monitor_heart
        "waveform.path.ecg": 0xEAA2, // monitor_heart
        "cross.case": 0xF109, // medical_services
        "cross.case.fill": 0xF109, // medical_services
        "pills": 0xF033, // medication
        "pills.fill": 0xF033, // medication
        "bed.double": 0xE53A, // hotel
        "bed.double.fill": 0xE53A, // hotel
        "leaf": 0xEA35, // eco
        "leaf.fill": 0xEA35, // eco
        "tree": 0xEA63, // park
        "tree.fill": 0xEA63, // park
        "pawprint": 0xE91D, // pets
        "pawprint.fill": 0xE91D, // pets
        "drop": 0xE798, // water_drop
        "flame.circle": 0xEF55, // local_fire_department
        "sun.min": 0xE430, // wb_sunny
        "sun.horizon": 0xE1C6, // wb_twilight
        "sunrise": 0xE1C6, // wb_twilight
        "sunset": 0xE1C6, // wb_twilight
        "sunrise.fill": 0xE1C6, // wb_twilight
        "sunset.fill": 0xE1C6, // wb_twilight
        "moon.zzz": 0xEF44, // bedtime
        "moon.zzz.fill": 0xEF44, // bedtime
        "sparkles": 0xE65F, // auto_awesome
        "lightbulb": 0xE90F, // lightbulb_outline
        "lightbulb.fill": 0xE0F0, // lightbulb
        "powerplug": 0xE63C, // power
        "power": 0xE8AC, // power_settings_new
        "globe": 0xE80B, // public
        "globe.americas": 0xE80B, // public
        "globe.europe.africa": 0xE80B, // public
        "globe.asia.australia": 0xE80B, // public
        "network": 0xE894, // language
        "map.fill": 0xE55B, // map
        "location": 0xE569, // near_me
        "location.circle": 0xE55C, // my_location
        "location.north.fill": 0xE55D, // navigation
        "signpost.right": 0xE52E, // directions
        "point.topleft.down.curvedto.point.bottomright.up": 0xEACD, // route
        "car": 0xE531, // directions_car
        "car.circle": 0xE531, // directions_car
        "bus": 0xE530, // directions_bus
        "bus.fill": 0xE530, // directions_bus
        "tram": 0xE571, // tram
        "tram.fill": 0xE571, // tram
        "train.side.front.car": 0xE570, // train
        "ferry": 0xE532, // directions_boat
        "ferry.fill": 0xE532, // directions_boat
        "sailboat": 0xE502, // sailing
        "bicycle.circle": 0xE52F, // directions_bike
        "fuelpump": 0xE546, // local_gas_station
        "fuelpump.fill": 0xE546, // local_gas_station
        "ev.charger": 0xE56D, // ev_station
        "parkingsign": 0xE54F, // local_parking
        "parkingsign.circle": 0xE54F, // local_parking
        "building.2": 0xEA40, // apartment
        "building.2.fill": 0xEA40, // apartment
        "building.columns": 0xE84F, // account_balance
        "building.columns.fill": 0xE84F, // account_balance
        "house.circle": 0xE88A, // home
        "storefront.fill": 0xEA12, // storefront
        "cup.and.saucer": 0xE541, // local_cafe
        "cup.and.saucer.fill": 0xE541, // local_cafe
        "mug": 0xEFEF, // coffee
        "mug.fill": 0xEFEF, // coffee
        "wineglass": 0xF1E8, // wine_bar
        "wineglass.fill": 0xF1E8, // wine_bar
        "birthday.cake": 0xE7E9, // cake
        "birthday.cake.fill": 0xE7E9, // cake
        "takeoutbag.and.cup.and.straw.fill": 0xEA74, // takeout_dining
        "film": 0xE02C, // movie
        "film.fill": 0xE02C, // movie
        "ticket": 0xE638, // confirmation_number
        "ticket.fill": 0xE638, // confirmation_number
        "theatermasks": 0xEA66, // theater_comedy
        "paintbrush": 0xE3AE, // brush
        "paintbrush.fill": 0xE3AE, // brush
        "paintpalette": 0xE40A, // palette
        "paintpalette.fill": 0xE40A, // palette
        "scissors": 0xE14E, // content_cut
        "wrench": 0xE869, // build
        "wrench.fill": 0xE869, // build
        "wrench.and.screwdriver": 0xF10B, // handyman
        "wrench.and.screwdriver.fill": 0xF10B, // handyman
        "hammer": 0xEA3C, // construction
        "hammer.fill": 0xEA3C, // construction
        "ladybug": 0xE868, // bug_report
        "ladybug.fill": 0xE868, // bug_report
        "chevron.left.forwardslash.chevron.right": 0xE86F, // code
        "terminal": 0xEB8E, // terminal
        "cpu": 0xE322, // memory
        "externaldrive": 0xE1DB, // storage
        "server.rack": 0xE875, // dns
        "keyboard": 0xE312, // keyboard
        "airplayaudio": 0xE055, // airplay
        "airplayvideo": 0xE055, // airplay
        "tv.and.mediabox": 0xE307, // cast
        "bubble.left": 0xE0CB, // chat_bubble_outline
        "bubble.left.fill": 0xE0CA, // chat_bubble
        "bubble.right": 0xE0CB, // chat_bubble_outline
        "bubble.right.fill": 0xE0CA, // chat_bubble
        "bubble.left.and.bubble.right": 0xE0BF, // forum
        "bubble.left.and.bubble.right.fill": 0xE0BF, // forum
        "message": 0xE625, // sms
        "message.fill": 0xE625, // sms
        "phone.circle": 0xE0B0, // call
        "phone.down.fill": 0xE0B1, // call_end
        "eye": 0xE8F4, // visibility
        "eye.fill": 0xE8F4, // visibility
        "eye.slash": 0xE8F5, // visibility_off
        "eye.slash.fill": 0xE8F5, // visibility_off
        "hand.thumbsup": 0xE9F3, // thumb_up_off_alt
        "hand.thumbsup.fill": 0xE8DC, // thumb_up
        "hand.thumbsdown": 0xE9F2, // thumb_down_off_alt
        "hand.thumbsdown.fill": 0xE8DB, // thumb_down
        "hand.raised": 0xE925, // pan_tool
        "hand.wave": 0xE766, // waving_hand
        "face.smiling": 0xE0ED, // sentiment_satisfied_alt
        "face.smiling.fill": 0xE0ED, // sentiment_satisfied_alt
        "faceid": 0xE87C, // face
        "touchid": 0xE90D, // fingerprint
        "number": 0xE9EF, // tag
        "percent": 0xEB58, // percent
        "textformat": 0xE262, // text_fields
        "quote.bubble": 0xE244, // format_quote
        "square.grid.2x2": 0xE9B0, // grid_view
        "square.grid.2x2.fill": 0xE9B0, // grid_view
        "rectangle.grid.1x2": 0xE8E9, // view_agenda
        "square.stack.3d.up": 0xE53B, // layers
        "checklist": 0xE6B1, // checklist
        "list.clipboard": 0xE85D, // assignment
        "doc.text.magnifyingglass": 0xE880, // find_in_page
        "arrow.up.right.square": 0xE89E, // open_in_new
        "rectangle.portrait.and.arrow.right": 0xE9BA, // logout
        "arrow.right.square": 0xE9BA, // logout
        "arrow.down.left.and.arrow.up.right.and.arrow.down.right": 0xE5D0, // fullscreen
        "plus.magnifyingglass": 0xE8FF, // zoom_in
        "minus.magnifyingglass": 0xE900, // zoom_out
        "crop": 0xE3BE, // crop
        "rotate.right": 0xE41A, // rotate_right
        "scope": 0xE1B3, // gps_fixed
        "tornado": 0xE199, // tornado
        "hurricane": 0xEBD5, // cyclone
        "cloud.drizzle.fill": 0xE3EA, // grain
        "cloud.heavyrain.fill": 0xEBDB, // thunderstorm
        "cloud.moon.fill": 0xEA46, // nights_stay
        "thermometer": 0xF076, // thermostat
        "thermometer.sun": 0xE1FF, // device_thermostat
        "humidity": 0xE798, // water_drop
        "humidity.fill": 0xE798, // water_drop
        "aqi.medium": 0xEFD8, // air
        "water.waves": 0xE176, // waves
        "snowflake.circle": 0xEB3B, // ac_unit
        "umbrella": 0xEB3E, // beach_access
        "beach.umbrella": 0xEB3E, // beach_access
        "beach.umbrella.fill": 0xEB3E, // beach_access
        "tent": 0xE589, // cabin
        "mountain.2": 0xE564, // terrain
        "mountain.2.fill": 0xE564, // terrain
        // Layout-direction-aware twins of the right/left symbols (SF Symbols' `forward`/`backward`
        // names): the right-pointing artwork left to right, turned over right to left
        // (`IconCatalog.mirrorsRightToLeft`; SF Symbols ships them as localized variants).
        "chevron.forward": 0xE5CC, // chevron_right
        "chevron.backward": 0xE5CB, // chevron_left
        "arrow.forward": 0xE5C8, // arrow_forward
        "arrow.backward": 0xE5C4, // arrow_back
        "arrow.up.forward": 0xF1E1, // north_east
        "arrow.up.backward": 0xF1E2, // north_west
        "arrow.down.forward": 0xF1E4, // south_east
    ]

    /// Whether the symbol turns over in a right-to-left layout: SF Symbols' `forward` and `backward`
    /// names after the first component (`chevron.forward`, `arrow.up.backward`, `arrow.uturn.forward`)
    /// point along the reading direction. The media symbols that start with the word (`forward.fill`,
    /// `backward.end.fill`) keep their direction, as playback controls do on iOS.
    public static func mirrorsRightToLeft(_ symbol: String) -> Bool {
        symbol.split(separator: ".").dropFirst().contains { $0 == "forward" || $0 == "backward" }
    }

    public static func glyph(for symbol: String) -> String? {
        guard let cp = codepoints[symbol], let scalar = Unicode.Scalar(cp) else { return nil }
        return String(Character(scalar))
    }

    public static var names: [String] { codepoints.keys.sorted() }

    /// What an icon whose name has no artwork draws (a name bound from data): a question mark.
    public static let unknownGlyph = glyph(for: "questionmark") ?? "?"

}
