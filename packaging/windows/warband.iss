; Warband's Windows installer, for Inno Setup 6.3 or newer. It installs the PyInstaller folder dist\warband\ (with
; the licences packaging/collect_licenses.py wrote into it) for the current user only, with no administrator:
; into %LOCALAPPDATA%\Programs\Warband, with a Start menu shortcut, an "Open with" entry for .json files and an
; uninstaller. From the repository (.github/workflows/release.yml does this):
;
;   iscc /DAppVersion=X.Y.Z packaging\windows\warband.iss   ->  dist\warband-X.Y.Z-windows-x86_64-setup.exe
;
; /DBundleDir=... and /DOutputDir=... change where the folder is read and the installer written (relative paths
; are relative to this file). Silent install, as the workflow tests it: setup.exe /VERYSILENT /DIR="C:\folder".
;
; File types. Windows picks a file's type from its last extension only: an army (army.warband.json) and a battle
; (x.battle.json) are ".json" to Explorer, and a handler registered for ".warband.json" is never consulted.
; Taking over ".json" would open every JSON file of the machine in Warband, so this installer does not: it adds
; Warband to the "Open with" list of .json files (a task the player may untick) and never changes what .json
; opens with. The player can still pick Warband there and tick "Always".

#if VER < EncodeVer(6, 3, 0)
  #error Inno Setup 6.3 or newer is needed (x64compatible, UTF-8 scripts without a BOM)
#endif
#ifndef AppVersion
  #error Pass the version: iscc /DAppVersion=X.Y.Z (the workflow reads it from src\warband\__init__.py)
#endif
#ifndef BundleDir
  #define BundleDir "..\..\dist\warband"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif

[Setup]
; AppId tells every later installer and the uninstaller that this is Warband: it must never change.
AppId={{B8D6DBD2-EC73-4239-9CEA-7EAA3D6DD3ED}
AppName=Warband
AppVersion={#AppVersion}
AppVerName=Warband {#AppVersion}
AppPublisher=Warband
DefaultDirName={autopf}\Warband
DisableProgramGroupPage=yes
; Per user: {autopf} is then %LOCALAPPDATA%\Programs and the registry entries go to HKEY_CURRENT_USER.
PrivilegesRequired=lowest
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
; Qt 6 runs on Windows 10 and newer.
MinVersion=10.0
OutputDir={#OutputDir}
OutputBaseFilename=warband-{#AppVersion}-windows-x86_64-setup
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
; The licences of everything the program carries (the index of licenses\), shown before installing; the texts
; themselves are installed with the program, in {app}\licenses.
InfoBeforeFile={#BundleDir}\licenses\README.txt
UninstallDisplayName=Warband
UninstallDisplayIcon={app}\warband.exe
ChangesAssociations=yes
ShowLanguageDialog=auto

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "fr"; MessagesFile: "compiler:Languages\French.isl"
Name: "ru"; MessagesFile: "compiler:Languages\Russian.isl"

[CustomMessages]
en.OpenWith=Offer Warband in "Open with" for .json files (armies and battles)
fr.OpenWith=Proposer Warband dans « Ouvrir avec » pour les fichiers .json (armées et batailles)
ru.OpenWith=Предлагать Warband в меню «Открыть с помощью» для файлов .json (армии и сражения)
en.FileType=Warband army or battle
fr.FileType=Armée ou bataille Warband
ru.FileType=Армия или сражение Warband

[Tasks]
Name: "openwith"; Description: "{cm:OpenWith}"
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; An update replaces the program's files: nothing of an older version's _internal\ may be left to be loaded.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
; Qt's libraries stay separate files in {app}\_internal\PySide6 (LGPL-3.0: the player may replace them).
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Warband"; Filename: "{app}\warband.exe"; WorkingDir: "{userdocs}"
Name: "{autodesktop}\Warband"; Filename: "{app}\warband.exe"; WorkingDir: "{userdocs}"; Tasks: desktopicon

[Registry]
; Warband's own file type, offered in .json's "Open with" list; .json's default (its empty-named value) is
; never written. HKA is HKEY_CURRENT_USER here (PrivilegesRequired=lowest). The uninstaller removes all of it.
Root: HKA; Subkey: "Software\Classes\Warband.File"; ValueType: string; ValueName: ""; ValueData: "{cm:FileType}"; Flags: uninsdeletekey; Tasks: openwith
Root: HKA; Subkey: "Software\Classes\Warband.File\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\warband.exe,0"; Tasks: openwith
Root: HKA; Subkey: "Software\Classes\Warband.File\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\warband.exe"" ""%1"""; Tasks: openwith
Root: HKA; Subkey: "Software\Classes\.json\OpenWithProgids"; ValueType: string; ValueName: "Warband.File"; ValueData: ""; Flags: uninsdeletevalue; Tasks: openwith
; The program itself, as "Open with" lists it (its name, the type it opens).
Root: HKA; Subkey: "Software\Classes\Applications\warband.exe"; ValueType: string; ValueName: "FriendlyAppName"; ValueData: "Warband"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\warband.exe\SupportedTypes"; ValueType: string; ValueName: ".json"; ValueData: ""
Root: HKA; Subkey: "Software\Classes\Applications\warband.exe\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\warband.exe"" ""%1"""

[Run]
Filename: "{app}\warband.exe"; Description: "{cm:LaunchProgram,Warband}"; Flags: nowait postinstall skipifsilent

; The player's armies, catalogs, battles and settings live in their own folders (Documents, %APPDATA%), never in
; {app}: the uninstaller removes the program only.
